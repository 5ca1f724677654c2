// What tests/odr/definitions.sh must refuse (ctest odr/header_definitions_fails): a function and a
// variable defined without inline, as a header that forgot it would define them in every unit.
int shiftfly_odr_strong_function(int x) { return x + 1; }
int shiftfly_odr_strong_variable = 3;
inline int shiftfly_odr_weak_function(int x) { return x - 1; }
int main() { return shiftfly_odr_weak_function(shiftfly_odr_strong_function(shiftfly_odr_strong_variable)) == 3 ? 0 : 1; }

// The unit that carries the test programs' precompiled header (tests/CMakeLists.txt, SHIFTFLY_PCH).

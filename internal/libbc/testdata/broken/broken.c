int broken(void) { return missing_symbol; }

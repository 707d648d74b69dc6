int g = 7;

/*
 * cJSON (Debian cjson 1.7.15-1+deb12u4, Dave Gamble's MIT-licensed JSON
 * parser): cJSON.c and cJSON.h are the package's files, unchanged.
 * A JSON document holding one number "1eDDD" whose three exponent digits
 * are symbolic is parsed (parse_number: strtod on the copied digits),
 * printed (print_number) and parsed again.
 * Bug (default, exponents 200 to 399): an exponent of 309 or more
 * overflows to inf, which cJSON accepts as a number but print_number
 * writes as "null": the document cJSON prints from a number reads back as
 * null (1e309 .. 1e399 here; any exponent up to 999 does the same).
 * CORRECT: exponents 000 to 009: the printed document reads back as the
 * same number.
 */
#include <assert.h>
#include <math.h>
#include <string.h>
#include "klee/klee.h"
#include "cJSON.h"

int main(void) {
  char text[6] = {'1', 'e', '0', '0', '0', 0};
  char d[3];
  klee_make_symbolic(d, sizeof d, "exponent");
  for (int i = 0; i < 3; i++) {
    klee_assume((d[i] >= '0') & (d[i] <= '9'));
  }
#ifdef CORRECT
  klee_assume((d[0] == '0') & (d[1] == '0'));
#else
  klee_assume((d[0] == '2') | (d[0] == '3'));
#endif
  memcpy(text + 2, d, 3);
  cJSON *item = cJSON_Parse(text);
  assert(cJSON_IsNumber(item));
  char *printed = cJSON_PrintUnformatted(item);
  cJSON *again = cJSON_Parse(printed);
  assert(cJSON_IsNumber(again));
  assert(again->valuedouble == item->valuedouble);
  cJSON_free(printed);
  cJSON_Delete(again);
  cJSON_Delete(item);
  return 0;
}

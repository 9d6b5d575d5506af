/* json.h — writing JSON strings with proper escaping (UTF-8 checked). */
#ifndef HAKO_APP_JSON_H
#define HAKO_APP_JSON_H

#include <stdio.h>

/* Write `text` as a quoted JSON string: quotes, backslashes and control
 * characters escaped; bytes that are not valid UTF-8 become U+FFFD. */
void json_string(FILE *out, const char *text);

#endif

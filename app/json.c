/* json.c — JSON string escaping for the --json output of hako. */
#include "json.h"

#include <stddef.h>

/* Length of the valid UTF-8 sequence at `s` (1..4), or 0 if invalid. */
static int utf8_length(const unsigned char *s)
{
	int length;
	unsigned min;
	unsigned code;
	if (s[0] < 0x80)
		return 1;
	if ((s[0] & 0xE0) == 0xC0) {
		length = 2, min = 0x80, code = s[0] & 0x1Fu;
	} else if ((s[0] & 0xF0) == 0xE0) {
		length = 3, min = 0x800, code = s[0] & 0x0Fu;
	} else if ((s[0] & 0xF8) == 0xF0) {
		length = 4, min = 0x10000, code = s[0] & 0x07u;
	} else {
		return 0;
	}
	for (int i = 1; i < length; i++) {
		if ((s[i] & 0xC0) != 0x80)
			return 0;
		code = (code << 6) | (s[i] & 0x3Fu);
	}
	if (code < min || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF))
		return 0;
	return length;
}

static void escape_ascii(FILE *out, unsigned char c)
{
	switch (c) {
	case '"': fputs("\\\"", out); break;
	case '\\': fputs("\\\\", out); break;
	case '\n': fputs("\\n", out); break;
	case '\r': fputs("\\r", out); break;
	case '\t': fputs("\\t", out); break;
	default:
		if (c < 0x20 || c == 0x7F)
			fprintf(out, "\\u%04x", c);
		else
			fputc(c, out);
	}
}

void json_string(FILE *out, const char *text)
{
	const unsigned char *s = (const unsigned char *)(text ? text : "");
	fputc('"', out);
	while (*s) {
		int length = utf8_length(s);
		if (length == 0) {
			fputs("\\ufffd", out);
			s++;
		} else if (length == 1) {
			escape_ascii(out, *s++);
		} else {
			fwrite(s, 1, (size_t)length, out);
			s += length;
		}
	}
	fputc('"', out);
}

/* Unit tests of lib/io/textfile: the one reader of input text files (a whole file,
 * a directory, a missing file, a NUL byte with its line, lines) and
 * hrel_text_parse_file (read, parse, free). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hrel_test.h"
#include "textfile.h"

/* A parser that stores the text's length in *(size_t *)OUT; refuses "bad". */
static int count_parser(const char *path, const char *text, void *out, char *err, size_t errlen)
{
    if (strcmp(text, "bad") == 0) {
        snprintf(err, errlen, "%s: bad", path);
        return -1;
    }
    *(size_t *)out = strlen(text);
    return 0;
}

int main(void)
{
    char err[512] = "", *buf = NULL, *cur, *line;
    size_t len = 0, got = 0;
    const char *p;

    hrel_test_init();
    p = hrel_test_write_tmp("text_ok.txt", "one\r\ntwo\n");
    HREL_CHECK_INT(hrel_text_read(p, &buf, &len, err, sizeof err), 0, "a text file reads");
    HREL_CHECK(len == 9 && buf && buf[len] == '\0', "whole file, NUL-terminated");
    cur = buf;
    line = hrel_text_next_line(&cur);
    HREL_CHECK(line && strcmp(line, "one") == 0, "first line, its \\r dropped");
    line = hrel_text_next_line(&cur);
    HREL_CHECK(line && strcmp(line, "two") == 0, "second line");
    HREL_CHECK(hrel_text_next_line(&cur) == NULL, "then the end");
    free(buf);
    buf = NULL;
    HREL_CHECK(hrel_text_read(".", &buf, &len, err, sizeof err) != 0, "a directory refused");
    HREL_CHECK_HAS(err, "is a directory", "says it is a directory");
    HREL_CHECK(hrel_text_read("/nonexistent/x", &buf, &len, err, sizeof err) != 0,
               "a missing file refused");

    HREL_CHECK_INT(hrel_text_parse_file(p, count_parser, &got, err, sizeof err), 0,
                   "parse_file hands the text to the parser");
    HREL_CHECK(got == 9, "the parser saw the whole text");
    p = hrel_test_write_tmp("text_bad.txt", "bad");
    HREL_CHECK(hrel_text_parse_file(p, count_parser, &got, err, sizeof err) != 0,
               "the parser's refusal is returned");
    HREL_CHECK_HAS(err, "text_bad.txt: bad", "with the parser's message");
    HREL_CHECK(hrel_text_parse_file("/nonexistent/x", count_parser, &got, err, sizeof err) != 0,
               "an unreadable file is refused before any parse");
    return hrel_test_summary("test_textfile");
}

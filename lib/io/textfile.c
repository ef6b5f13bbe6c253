/* textfile -- see textfile.h. */
#include "textfile.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>

#include "errmsg.h"

int hrel_text_read(const char *path, char **buf, size_t *len, char *err, size_t errlen)
{
    FILE *fp;
    struct stat st;
    size_t cap = 4096, n = 0, i, line = 1;
    char *b;

    *buf = NULL;
    *len = 0;
    if (strcmp(path, "-") == 0) {
        fp = stdin;
    } else {
        if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
            hrel_seterr(err, errlen, "%s: is a directory, not a file", path);
            return -1;
        }
        if (!(fp = fopen(path, "r"))) {
            hrel_seterr(err, errlen, "%s: cannot open: %s", path, strerror(errno));
            return -1;
        }
    }
    if (!(b = malloc(cap)))
        goto nomem;
    for (;;) {
        size_t got;
        if (n + 1 >= cap) {
            char *nb;
            if (cap > (size_t)HREL_TEXT_MAX_BYTES) {
                hrel_seterr(err, errlen, "%s: larger than %ld bytes (the limit of an input file)",
                            path, (long)HREL_TEXT_MAX_BYTES);
                goto fail;
            }
            if (!(nb = realloc(b, cap * 2)))
                goto nomem;
            b = nb;
            cap *= 2;
        }
        got = fread(b + n, 1, cap - 1 - n, fp);
        n += got;
        if (got == 0)
            break;
    }
    if (ferror(fp)) {
        hrel_seterr(err, errlen, "%s: read error: %s", path, strerror(errno));
        goto fail;
    }
    if (n > (size_t)HREL_TEXT_MAX_BYTES) {
        hrel_seterr(err, errlen, "%s: larger than %ld bytes (the limit of an input file)", path,
                    (long)HREL_TEXT_MAX_BYTES);
        goto fail;
    }
    for (i = 0; i < n; i++) {
        if (b[i] == '\n')
            line++;
        else if (b[i] == '\0') {
            hrel_seterr(err, errlen, "%s:%zu: NUL byte: not a text file", path, line);
            goto fail;
        }
    }
    b[n] = '\0';
    if (fp != stdin)
        fclose(fp);
    *buf = b;
    *len = n;
    return 0;
nomem:
    hrel_seterr(err, errlen, "%s: out of memory", path);
fail:
    free(b);
    if (fp != stdin)
        fclose(fp);
    return -1;
}

char *hrel_text_next_line(char **cursor)
{
    char *s = *cursor, *nl;
    size_t len;
    if (!s || !*s)
        return NULL;
    nl = strchr(s, '\n');
    if (nl) {
        *nl = '\0';
        *cursor = nl + 1;
    } else {
        *cursor = s + strlen(s);
    }
    len = strlen(s);
    if (len > 0 && s[len - 1] == '\r')
        s[len - 1] = '\0';
    return s;
}

int hrel_text_parse_file(const char *path, hrel_text_parser parse, void *out, char *err,
                         size_t errlen)
{
    char *text = NULL;
    size_t len;
    int rc;
    if (hrel_text_read(path, &text, &len, err, errlen) != 0)
        return -1;
    rc = parse(path, text, out, err, errlen);
    free(text);
    return rc;
}

struct hrel_text_stream {
    FILE *fp;
    char *path;
    char *buf;           /* the current line */
    size_t cap;
    size_t line;         /* its number */
};

int hrel_text_open(const char *path, hrel_text_stream **out, char *err, size_t errlen)
{
    hrel_text_stream *s;
    struct stat st;
    *out = NULL;
    if (!(s = calloc(1, sizeof *s)) || !(s->path = hrel_strdup(path))) {
        free(s);
        hrel_seterr(err, errlen, "%s: out of memory", path);
        return -1;
    }
    if (strcmp(path, "-") == 0)
        s->fp = stdin;
    else if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
        hrel_seterr(err, errlen, "%s: is a directory, not a file", path);
        hrel_text_close(s);
        return -1;
    } else if (!(s->fp = fopen(path, "r"))) {
        hrel_seterr(err, errlen, "%s: cannot open: %s", path, strerror(errno));
        hrel_text_close(s);
        return -1;
    }
    *out = s;
    return 0;
}

int hrel_text_getline(hrel_text_stream *s, char **line, size_t *lineno, char *err, size_t errlen)
{
    ssize_t n;
    errno = 0;
    n = getline(&s->buf, &s->cap, s->fp);
    if (n < 0) {
        if (ferror(s->fp)) {
            hrel_seterr(err, errlen, "%s: %s", s->path,
                        errno == ENOMEM ? "out of memory" : "read error");
            return -1;
        }
        return 0;
    }
    s->line++;
    if ((size_t)n != strlen(s->buf)) {
        hrel_seterr(err, errlen, "%s:%zu: NUL byte: not a text file", s->path, s->line);
        return -1;
    }
    if (n > 0 && s->buf[n - 1] == '\n')
        s->buf[--n] = '\0';
    if (n > 0 && s->buf[n - 1] == '\r')
        s->buf[--n] = '\0';
    *line = s->buf;
    *lineno = s->line;
    return 1;
}

int hrel_text_read_some(hrel_text_stream *s, char *buf, size_t n, size_t *got, char *err,
                        size_t errlen)
{
    size_t k = fread(buf, 1, n, s->fp);
    const char *z = memchr(buf, '\0', k), *c;
    *got = k;
    if (z) {
        size_t line = s->line + 1;
        for (c = buf; c < z; c++)
            line += *c == '\n';
        hrel_seterr(err, errlen, "%s:%zu: NUL byte: not a text file", s->path, line);
        return -1;
    }
    if (k < n && ferror(s->fp)) {
        hrel_seterr(err, errlen, "%s: read error: %s", s->path, strerror(errno));
        return -1;
    }
    for (c = buf; (c = memchr(c, '\n', (size_t)(buf + k - c))) != NULL; c++)
        s->line++;
    return 0;
}

void hrel_text_close(hrel_text_stream *s)
{
    if (!s)
        return;
    if (s->fp && s->fp != stdin)
        fclose(s->fp);
    free(s->buf);
    free(s->path);
    free(s);
}

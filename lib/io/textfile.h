/* textfile -- the one way hrel reads an input text file into memory.
 *
 * Contract: hrel_text_read reads all of PATH ("-": standard input) into a
 * NUL-terminated buffer the caller frees. It refuses, with one line in ERR:
 * a directory ("PATH: is a directory, not a file"), a file it cannot open
 * (with the system's reason), a file larger than HREL_TEXT_MAX_BYTES, and a
 * NUL byte ("PATH:LINE: NUL byte: not a text file"). Every reader of a text
 * input (CSV files, PVM tracer files, the hyperbolic graph, the CCM text) goes through it, so
 * these rules and limits are stated once; the streams below (for inputs of
 * millions of rows) refuse the same things but have no size limit. Nothing here
 * prints or exits.
 */
#ifndef HREL_TEXTFILE_H
#define HREL_TEXTFILE_H

#include <stddef.h>

#define HREL_TEXT_MAX_BYTES (256L * 1024 * 1024)   /* largest input file: 256 MiB */

/* Read PATH into *BUF (length *LEN, NUL-terminated). Return 0, or -1. */
int hrel_text_read(const char *path, char **buf, size_t *len, char *err, size_t errlen);

/* A parser of a whole text: PATH names it in messages, OUT is the parser's own
 * result pointer (e.g. an hrel_ccm **). Returns 0, or -1 with the reason in ERR. */
typedef int (*hrel_text_parser)(const char *path, const char *text, void *out, char *err,
                                size_t errlen);

/* Read PATH with hrel_text_read, hand its text to PARSE, free the text. Returns
 * PARSE's value, or -1 when the file could not be read. */
int hrel_text_parse_file(const char *path, hrel_text_parser parse, void *out, char *err,
                         size_t errlen);

/* A text file read line by line, for inputs too large to hold (msgs.csv of
 * millions of rows): the same refusals as hrel_text_read (a directory, a file
 * that cannot be opened, a NUL byte, with the same messages) but no size
 * limit, as only one line is held. */
typedef struct hrel_text_stream hrel_text_stream;

/* Open PATH ("-": standard input). Return 0 and set *OUT, or -1. */
int hrel_text_open(const char *path, hrel_text_stream **out, char *err, size_t errlen);

/* The next line into *LINE (no '\n', a trailing '\r' dropped; valid until the
 * next call) and its 1-based number into *LINENO. 1: a line; 0: the end; -1: a
 * NUL byte, a read error or no memory (message in ERR). */
int hrel_text_getline(hrel_text_stream *s, char **line, size_t *lineno, char *err, size_t errlen);

/* Or read it in chunks: up to N bytes into BUF, *GOT of them (0: the end).
 * 0, or -1 on a NUL byte ("PATH:LINE: NUL byte: not a text file") or a read
 * error. Do not mix with hrel_text_getline on one stream. */
int hrel_text_read_some(hrel_text_stream *s, char *buf, size_t n, size_t *got, char *err,
                        size_t errlen);

/* Close (standard input is left open); NULL is fine. */
void hrel_text_close(hrel_text_stream *s);

/* The next line of the buffer at *CURSOR (no '\n', a trailing '\r' dropped),
 * written in place: returns it and advances *CURSOR, or NULL at the end. */
char *hrel_text_next_line(char **cursor);

#endif

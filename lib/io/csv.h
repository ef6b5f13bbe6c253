/* csv -- read hrel's CSV files (raw.csv, trace.csv, fit CSV) into memory.
 *
 * Contract: a file is any number of metadata lines "# key: value" (other lines
 * starting with '#' are comments), then one header line, then rows split on ','.
 * Blank lines are skipped. Every row must have as many fields as the header.
 * Fields are kept as text; the typed getters convert one field and report
 * "FILE:LINE: ..." on failure. Nothing here prints or exits: errors go into the
 * caller's buffer `err` (may be NULL) and the return value is non-zero.
 * hrel_csv_read allocates the table; the caller frees it with hrel_csv_free.
 * Limits: the file as lib/io/textfile.h reads it (no directory, no NUL byte,
 * at most HREL_TEXT_MAX_BYTES), at most HREL_CSV_MAX_COLS columns, each header
 * name once.
 */
#ifndef HREL_CSV_H
#define HREL_CSV_H

#include <stddef.h>

#define HREL_CSV_MAX_COLS 1024   /* most columns of a CSV header */

typedef struct hrel_csv {
    char *path;          /* file name as given, for messages */
    size_t nmeta;        /* number of "# key: value" lines */
    char **meta_key;     /* their keys, trimmed */
    char **meta_val;     /* their values, trimmed */
    size_t ncol;         /* number of header columns */
    char **col;          /* header names, trimmed */
    size_t nrow;         /* number of data rows */
    char ***cell;        /* cell[row][col], trimmed, never NULL ("" if empty) */
    size_t *lineno;      /* 1-based line number of each row in the file */
} hrel_csv;

/* Read PATH ("-" for standard input). Return 0 and set *out, or non-zero with a
 * message "PATH:LINE: problem" in err. */
int hrel_csv_read(const char *path, hrel_csv **out, char *err, size_t errlen);

/* A CSV file read row by row (msgs.csv of millions of rows): the same rules
 * and messages as hrel_csv_read, but only the current row is held, and no
 * size limit. _table gives the metadata and header, and the current row as
 * its row 0 (nrow 1), for the getters below; the current row's text is valid
 * until the next _next. */
typedef struct hrel_csv_stream hrel_csv_stream;

/* Open PATH and read up to its header. Return 0 and set *OUT, or non-zero. */
int hrel_csv_stream_open(const char *path, hrel_csv_stream **out, char *err, size_t errlen);

/* The next row: 1 (it is row 0 of the table), 0 at the end, -1 on an error. */
int hrel_csv_stream_next(hrel_csv_stream *s, char *err, size_t errlen);

const hrel_csv *hrel_csv_stream_table(const hrel_csv_stream *s);

/* Close; NULL is fine. */
void hrel_csv_stream_close(hrel_csv_stream *s);

/* Free a table from hrel_csv_read; NULL is fine. */
void hrel_csv_free(hrel_csv *t);

/* Index of header column NAME, or -1 if absent. */
int hrel_csv_col(const hrel_csv *t, const char *name);

/* Require every name in the NULL-terminated list NAMES as a column; store the
 * indexes in IDX. Return 0, or non-zero naming the first missing column. */
int hrel_csv_require(const hrel_csv *t, const char *const *names, int *idx,
                     char *err, size_t errlen);

/* Value of metadata KEY, or NULL if absent. */
const char *hrel_csv_meta(const hrel_csv *t, const char *key);

/* Convert field (ROW, COL) to a finite double / a long. Return 0, or non-zero
 * with "PATH:LINE: column NAME: 'text' is not a number". */
int hrel_csv_double(const hrel_csv *t, size_t row, int col, double *v,
                    char *err, size_t errlen);
int hrel_csv_long(const hrel_csv *t, size_t row, int col, long *v,
                  char *err, size_t errlen);

/* Field text (ROW, COL); "" when COL is out of range. */
const char *hrel_csv_str(const hrel_csv *t, size_t row, int col);

/* The file NAME that a data file at BASE refers to (a trace column, say):
 * NAME must be relative and stay in BASE's folder (no absolute path, no ".."
 * component), so a file can only point at files beside it. Writes BASE's
 * folder + "/" + NAME into OUT. Return 0, or -1 with a message naming NAME. */
int hrel_csv_path_beside(const char *base, const char *name, char *out, size_t outlen,
                         char *err, size_t errlen);

#endif

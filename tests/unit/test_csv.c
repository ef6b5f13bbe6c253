/* Unit tests of lib/csv: metadata, header, rows, typed fields, errors with line numbers. */
#include <stdio.h>
#include <stdlib.h>

#include "csv.h"
#include "hrel_test.h"

int main(void)
{
    hrel_csv *t = NULL;
    char err[256] = "";
    const char *p;
    double d;
    long l;
    int idx[3];
    static const char *const need[] = {"pattern", "seconds", NULL};
    static const char *const need_bad[] = {"pattern", "nosuch", NULL};

    hrel_test_init();
    p = hrel_test_write_tmp("hrel_csv_ok.csv",
                  "# suite: hrel 0.1.0\n# platform: local\n"
                  "pattern,procs,h,msg_bytes,rep,seconds\n"
                  "PP,2,6720,6720,0,0.000107\n\n"
                  "E, 4 ,6720,3360,1,1e-4\r\n");
    HREL_CHECK(p != NULL, "temp file written");
    HREL_CHECK_INT(hrel_csv_read(p, &t, err, sizeof err), 0, "good file reads");
    if (t) {
        HREL_CHECK_INT(t->nrow, 2, "two rows");
        HREL_CHECK_INT(t->ncol, 6, "six columns");
        HREL_CHECK_HAS(hrel_csv_meta(t, "platform"), "local", "metadata value");
        HREL_CHECK(hrel_csv_meta(t, "nosuch") == NULL, "absent metadata is NULL");
        HREL_CHECK_INT(hrel_csv_col(t, "seconds"), 5, "column index");
        HREL_CHECK_INT(hrel_csv_require(t, need, idx, err, sizeof err), 0, "required columns");
        HREL_CHECK(hrel_csv_require(t, need_bad, idx, err, sizeof err) != 0, "missing column fails");
        HREL_CHECK_HAS(err, "nosuch", "missing column named");
        HREL_CHECK_INT(hrel_csv_double(t, 1, 5, &d, err, sizeof err), 0, "double parses");
        HREL_CHECK_REL(d, 1e-4, 1e-12, "double value");
        HREL_CHECK_INT(hrel_csv_long(t, 1, 1, &l, err, sizeof err), 0, "trimmed long parses");
        HREL_CHECK_INT(l, 4, "long value");
        HREL_CHECK_INT(t->lineno[1], 6, "line number skips blanks and comments");
        HREL_CHECK(hrel_csv_double(t, 0, 0, &d, err, sizeof err) != 0, "text is not a number");
        HREL_CHECK_HAS(err, ":4: column pattern", "error names line and column");
    }
    hrel_csv_free(t);
    t = NULL;

    p = hrel_test_write_tmp("hrel_csv_short.csv", "a,b,c\n1,2,3\n1,2\n");
    HREL_CHECK(hrel_csv_read(p, &t, err, sizeof err) != 0, "short row fails");
    HREL_CHECK_HAS(err, ":3: 2 fields", "short row error has line 3");
    HREL_CHECK(t == NULL, "no table on error");

    p = hrel_test_write_tmp("hrel_csv_empty.csv", "# only: metadata\n");
    HREL_CHECK(hrel_csv_read(p, &t, err, sizeof err) != 0, "no header fails");
    HREL_CHECK_HAS(err, "no header", "no header error");

    HREL_CHECK(hrel_csv_read("/nonexistent/x.csv", &t, err, sizeof err) != 0, "missing file fails");
    HREL_CHECK_HAS(err, "cannot open", "missing file error");
    hrel_csv_free(NULL);
    /* issue 14: the reader's refusals, each one line naming the place */
    {
        char dir[512];
        const char *q;
        snprintf(dir, sizeof dir, "%s", hrel_test_write_tmp("hrel_csv_dirprobe.csv", "a\n1\n"));
        *strrchr(dir, '/') = '\0';
        HREL_CHECK(hrel_csv_read(dir, &t, err, sizeof err) != 0, "a directory is refused");
        HREL_CHECK_HAS(err, "is a directory, not a file", "a directory is named as such");
        q = hrel_test_write_tmp("hrel_csv_dup.csv", "a,b,a\n1,2,3\n");
        HREL_CHECK(hrel_csv_read(q, &t, err, sizeof err) != 0, "a duplicated column is refused");
        HREL_CHECK_HAS(err, "hrel_csv_dup.csv:1: column 'a' appears twice in the header", "dup named");
    }
    {
        FILE *fp = fopen("/tmp/hrel_csv_nul.csv", "wb");
        if (fp) {
            fwrite("a,b\n1,2\n3\0,4\n", 1, 14, fp);
            fclose(fp);
        }
        HREL_CHECK(hrel_csv_read("/tmp/hrel_csv_nul.csv", &t, err, sizeof err) != 0,
                   "a NUL byte is refused");
        HREL_CHECK_HAS(err, "hrel_csv_nul.csv:3: NUL byte: not a text file", "NUL byte's line named");
        remove("/tmp/hrel_csv_nul.csv");
    }
    return hrel_test_summary("test_csv");
}

/* Unit tests of lib/io/pvmtrace and lib/io/msgtrace: hand-made PVM tracer
 * text (SDDF, as PVM 3.4's tracer writes it) read into events and turned into
 * the message-level trace; a trace cut short and an unknown event refused. */
#include <stdio.h>
#include <stdlib.h>

#include "hrel_test.h"
#include "msgtrace.h"
#include "pvmtrace.h"

#define D_SEND0 "#1094: \"send(0.0)\"\n{\n\t// \"TS\" \"Time Seconds\"\n\tint \"TS\";\n" \
    "\tint \"TU\";\n\tint \"TID\";\n\tint \"MNB\";\n\tint \"DST\";\n\tint \"MC\";\n\tint \"MCX\";\n};;\n"
#define D_SEND1 "#2095: \"send(1.1)\"\n{\n\tint \"TS\";\n\tint \"TU\";\n\tint \"TID\";\n\tint \"CC\";\n};;\n"
#define D_RECV0 "#1090: \"recv(0.0)\"\n{\n\tint \"TS\";\n\tint \"TU\";\n\tint \"TID\";\n" \
    "\tint \"RST\";\n\tint \"RMC\";\n\tint \"RCX\";\n};;\n"
#define D_RECV1 "#2091: \"recv(1.1)\"\n{\n\tint \"TS\";\n\tint \"TU\";\n\tint \"TID\";\n\tint \"MB\";\n" \
    "\tint \"MNB\";\n\tint \"MC\";\n\tint \"MCX\";\n\tint \"SRC\";\n};;\n"
#define D_NEWT "#1150: \"newtask(0)\"\n{\n\tint \"TS\";\n\tint \"TU\";\n\tint \"TID\";\n\tint \"PT\";\n" \
    "\tint \"TF\";\n\tchar \"TN\"[];\n};;\n"
#define D_SPAWN0 "#1104: \"spawn(0.0)\"\n{\n\tint \"TS\";\n\tint \"TU\";\n\tint \"TID\";\n" \
    "\tchar \"SE\"[];\n\tchar \"SW\"[];\n\tint \"SF\";\n\tint \"SC\";\n};;\n"
#define D_SPAWN1 "#2105: \"spawn(1.1)\"\n{\n\tint \"TS\";\n\tint \"TU\";\n\tint \"TID\";\n\tint \"CC\";\n" \
    "\tint \"STL\"[];\n};;\n"
#define D_EXIT "#1014: \"exit(0.0)\"\n{\n\tint \"TS\";\n\tint \"TU\";\n\tint \"TID\";\n};;\n"

/* Parent t262147 (host 1) spawns t262148; it sends 100 bytes (tag 5), the
 * child receives them, both exit. Events partly out of time order. */
static const char good[] =
    "/*\n * \"Creation Date\" \"x\"\n */ ;;\n\n"
    D_NEWT "\"newtask(0)\" { 10, 0, 262147, -1, -1, [2] { \"-\" } };;\n"
    D_SPAWN0 "\"spawn(0.0)\" { 10, 100, 262147, [4] { \"abc\" }, [1] { \"\" }, 0, 1 };;\n"
    D_SPAWN1 "\"spawn(1.1)\" { 10, 900, 262147, 1, [1] { 262148 } };;\n"
    D_SEND0 "\"send(0.0)\" { 10, 1000, 262147, 100, 262148, 5, 0 };;\n"
    D_SEND1 "\"send(1.1)\" { 10, 1010, 262147, 0 };;\n"
    D_RECV0 "\"recv(0.0)\" { 10, 950, 262148, 262147, 5, 0 };;\n"
    D_RECV1 "\"recv(1.1)\" { 10, 1200, 262148, 7, 100, 5, 0, 262147 };;\n"
    D_EXIT "\"exit(0.0)\" { 10, 2000, 262147 };;\n"
    "\"exit(0.0)\" { 10, 1500, 262148 };;\n";

static void bad_events(const char *text, const char *want, const char *what)
{
    hrel_pvmtrace *pt = NULL;
    hrel_msgtrace *mt = NULL;
    char err[512] = "";
    int rc = hrel_pvmtrace_parse("t.trc", text, &pt, err, sizeof err);
    if (rc == 0)
        rc = hrel_msgtrace_from_pvm(pt, &mt, err, sizeof err);
    HREL_CHECK_REFUSED(rc, mt, err, want, what);
    hrel_pvmtrace_free(pt);
}

int main(void)
{
    hrel_pvmtrace *pt = NULL;
    hrel_msgtrace *mt = NULL, *back = NULL;
    char err[512] = "";
    long v = 0;
    const char *p;
    FILE *fp;

    hrel_test_init();
    HREL_CHECK_INT(hrel_pvmtrace_parse("t.trc", good, &pt, err, sizeof err), 0, err);
    HREL_CHECK_INT((int)pt->nev, 9, "nine records");
    HREL_CHECK(strcmp(pt->ev[3].name, "send") == 0 && pt->ev[3].phase == 0, "send entry");
    HREL_CHECK_ABS(pt->ev[3].t, 10.001, 1e-9, "TS + TU/1e6");
    HREL_CHECK_INT(hrel_pvmtev_get(&pt->ev[3], "MNB", &v), 0, "MNB present");
    HREL_CHECK_INT((int)v, 100, "MNB value");
    HREL_CHECK_INT(pt->ev[2].nlist, 1, "spawn list");
    HREL_CHECK_INT(pt->ev[2].list[0], 262148, "spawned tid");
    HREL_CHECK_INT(pt->ev[1].phase, 0, "strings skipped, entry phase");

    HREL_CHECK_INT(hrel_msgtrace_from_pvm(pt, &mt, err, sizeof err), 0, err);
    HREL_CHECK_INT(mt->nproc, 2, "two ranks");
    HREL_CHECK_INT(mt->tid[0], 262147, "rank 0 is the shell task");
    /* rank 0: start, spawn, send, exit; rank 1: start, recv, exit */
    HREL_CHECK_INT((int)mt->n, 7, "seven rows");
    HREL_CHECK_INT(mt->row[2].kind, HREL_MSG_SEND, "send row");
    HREL_CHECK_INT(mt->row[2].peers[0], 1, "send to rank 1");
    HREL_CHECK_ABS(mt->row[2].bytes, 100, 0, "bytes");
    HREL_CHECK_ABS(mt->row[0].t0, 0, 0, "common origin: rank 0's creation (newtask)");
    HREL_CHECK_ABS(mt->row[2].t0, 0.001, 1e-9, "send begins 1 ms after the origin");
    HREL_CHECK_INT(mt->row[5].kind, HREL_MSG_RECV, "recv row");
    HREL_CHECK_ABS(mt->row[5].t0, 0.00095, 1e-9, "recv begins before the send (posted early)");
    HREL_CHECK_ABS(mt->row[5].t1, 0.0012, 1e-9, "recv end");
    HREL_CHECK_INT((int)mt->row[5].match, 2, "recv matched to its send");
    HREL_CHECK_INT(mt->row[0].host, 1, "host number from the tid");
    HREL_CHECK_ABS(mt->clock_shift_max, 0, 0, "one host: no clock shift");

    /* write, load back */
    p = hrel_test_write_tmp("msgs.csv", "");
    fp = fopen(p, "w");
    HREL_CHECK(fp && hrel_msgtrace_write(mt, fp) == 0, "write msgs.csv");
    if (fp)
        fclose(fp);
    HREL_CHECK_INT(hrel_msgtrace_load(p, &back, err, sizeof err), 0, err);
    if (back) {
        HREL_CHECK_INT((int)back->n, 7, "rows back");
        HREL_CHECK_INT((int)back->row[5].match, 2, "match back");
        HREL_CHECK_ABS(back->row[5].t1, 0.0012, 1e-6, "time back");
    }
    hrel_msgtrace_free(back);
    hrel_msgtrace_free(mt);
    hrel_pvmtrace_free(pt);

    /* bad inputs */
    {
        char cut[sizeof good];
        snprintf(cut, sizeof cut, "%s", good);
        cut[strlen(cut) - 30] = '\0';   /* inside the last record */
        bad_events(cut, "t.trc:", "cut in a record");
        bad_events(cut, "cut short", "cut in a record: says cut short");
        cut[strlen(D_NEWT) / 2] = '\0';   /* inside the first descriptor */
        bad_events(cut, "cut short", "cut in a descriptor: says cut short");
    }
    bad_events(D_NEWT "\"newtask(0)\" { 10, 0, 262147, -1, -1, [2] { \"-\" } };;\n"
               "\"barrier(0.0)\" { 10, 5, 262147 };;\n", "is not described", "unknown event");
    {
        char buf[sizeof good + 200];
        snprintf(buf, sizeof buf, "%s%s", good,
                 "#9: \"barrier(0.0)\"\n{\n\tint \"TS\";\n\tint \"TU\";\n\tint \"TID\";\n};;\n"
                 "\"barrier(0.0)\" { 10, 1300, 262147 };;\n");
        bad_events(buf, "t.trc:", "group call refused");
        bad_events(buf, "pvm_barrier, which hrel does not model", "group call named");
    }
    bad_events(D_NEWT "\"newtask(0)\" { 10, 0, 262147, -1, -1, [2] { \"-\" } };;\n"
               D_EXIT "\"exit(0.0)\" { 10, 5, 262147 };;\n", "spawned no tasks",
               "a program that spawns nothing");
    {   /* everything up to the child's receive entry: cut short */
        char cut[sizeof good];
        const char *q = strstr(good, "\"recv(1.1)\" {");
        snprintf(cut, sizeof cut, "%.*s", (int)(q - good), good);
        bad_events(cut, "inside pvm_recv at the end of the trace", "open call at the end");
    }
    bad_events(D_SEND0 "\"send(0.0)\" { 10, x, 262147, 100, 262148, 5, 0 };;\n",
               "t.trc:", "a value that is not a number");
    bad_events("hello\n", "t.trc:1: not a PVM tracer line", "not a trace");
    /* the limits are named in the messages (issue 14, "limits that are stated") */
    bad_events(D_SPAWN1 "\"spawn(1.1)\" { 10, 900, 262147, 1, [1000001] { 262148 } };;\n",
               "list length 1000001 out of range (0..1000000)", "longest list named");
    bad_events("#1: \"x(0)\"\n{\n" "\tint \"A\";\n\tint \"B\";\n\tint \"C\";\n\tint \"D\";\n"
               "\tint \"E\";\n\tint \"F\";\n\tint \"G\";\n\tint \"H\";\n\tint \"I\";\n"
               "\tint \"J\";\n\tint \"K\";\n\tint \"L\";\n\tint \"M\";\n\tint \"N\";\n"
               "\tint \"O\";\n\tint \"P\";\n\tint \"Q\";\n\tint \"R\";\n\tint \"S\";\n"
               "\tint \"T\";\n\tint \"U\";\n\tint \"V\";\n\tint \"W\";\n\tint \"X\";\n"
               "\tint \"Y\";\n};;\n",
               "descriptor with more than 24 fields", "most fields named");
    return hrel_test_summary("test_pvmtrace");
}

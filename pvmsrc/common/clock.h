/* clock -- the one clock of hrel's PVM programs.
 *
 * Contract: hrel_clock_now() returns CLOCK_MONOTONIC in seconds as a double
 * (about 1 ns resolution on Linux, never goes back, shared by all processes of
 * one host, unrelated between hosts). Every timed interval in pvmsrc/ is a
 * difference of two hrel_clock_now() readings on the same task.
 */
#ifndef HREL_CLOCK_H
#define HREL_CLOCK_H

/* Seconds since an arbitrary fixed point of this host (CLOCK_MONOTONIC). */
double hrel_clock_now(void);

/* Resolution of the clock in seconds (clock_getres). */
double hrel_clock_res(void);

#endif

c hrel_fmw -- a master/worker program in Fortran 77 through PVM's Fortran
c library (libfpvm3), the way PVM's Fortran users write one: plain pvmf*
c calls, no hrel code; a test subject for the preload tracer (libfpvm3
c calls libpvm3's shared entry points, where the wrappers see them) and
c prediction (experiments/predict.sh, docs/predict.md).
c
c The task started from the shell (pvmfparent says PvmNoParent) is the
c master: it spawns NW workers (copies of itself, pvmfspawn), sends each
c its index, a count M and M doubles (pvmfinitsend, pvmfpack, pvmfsend),
c and receives from each its index and the sum of the squares of its
c numbers (pvmfrecv from any worker, pvmfunpack). A worker receives its
c share from the parent, answers and leaves (pvmfexit). The master prints
c the total (deterministic) and the time. Messages go through the daemons
c (PVM's default route).
c
c Built by Makefile.aimk with gfortran (skipped where there is none),
c linked with libfpvm3.a and the shared libpvm3.
c
c usage: hrel_fmw [WORKERS [M]]     (default 3 workers, M = 400000)
c
      program hrelfmw
      implicit none
      include 'fpvm3.h'
      integer maxw, maxm
      parameter (maxw = 32, maxm = 1000000)
      integer mytid, ptid, info, bufid, nw, m, k, i, who, numt
      integer tids(maxw)
      integer*8 c0, c1, crate
      double precision x(maxm), part, total
      character*32 arg

      call system_clock(c0, crate)
      call pvmfmytid(mytid)
      if (mytid .lt. 0) stop 1
      call pvmfparent(ptid)

c ---- a worker: one share, one answer ----
      if (ptid .ne. PvmNoParent) then
         call pvmfrecv(ptid, 91, bufid)
         call pvmfunpack(INTEGER4, who, 1, 1, info)
         call pvmfunpack(INTEGER4, m, 1, 1, info)
         if (m .lt. 1 .or. m .gt. maxm) then
            call pvmfexit(info)
            stop 1
         endif
         call pvmfunpack(REAL8, x, m, 1, info)
         part = 0
         do 10 i = 1, m
            part = part + x(i) * x(i)
   10    continue
         call pvmfinitsend(PVMDEFAULT, info)
         call pvmfpack(INTEGER4, who, 1, 1, info)
         call pvmfpack(REAL8, part, 1, 1, info)
         call pvmfsend(ptid, 92, info)
         call pvmfexit(info)
         stop
      endif

c ---- the master ----
      nw = 3
      m = 400000
      if (command_argument_count() .ge. 1) then
         call get_command_argument(1, arg)
         read (arg, *, err=90) nw
      endif
      if (command_argument_count() .ge. 2) then
         call get_command_argument(2, arg)
         read (arg, *, err=90) m
      endif
      if (nw .lt. 1 .or. nw .gt. maxw .or. m .lt. 1 .or. m .gt. maxm)
     +   goto 90
      call pvmfspawn('hrel_fmw', PVMDEFAULT, '*', nw, tids, numt)
      if (numt .ne. nw) then
         write (0, '(a)') 'hrel_fmw: could not spawn the workers'
         call pvmfexit(info)
         stop 1
      endif
      do 30 k = 1, nw
         do 20 i = 1, m
            x(i) = mod((k - 1) * m + i, 100) * 0.5d0
   20    continue
         call pvmfinitsend(PVMDEFAULT, info)
         call pvmfpack(INTEGER4, k, 1, 1, info)
         call pvmfpack(INTEGER4, m, 1, 1, info)
         call pvmfpack(REAL8, x, m, 1, info)
         call pvmfsend(tids(k), 91, info)
   30 continue
      total = 0
      do 40 k = 1, nw
         call pvmfrecv(-1, 92, bufid)
         call pvmfunpack(INTEGER4, who, 1, 1, info)
         call pvmfunpack(REAL8, part, 1, 1, info)
         total = total + part
   40 continue
      call system_clock(c1)
      write (*, '(a,i0,a,i0,a,f0.2,a,f8.6,a)') 'hrel_fmw: workers=',
     +   nw, ' m=', m, ' total=', total, ' time=',
     +   dble(c1 - c0) / dble(crate), ' s'
      call pvmfexit(info)
      stop

   90 write (0, '(a)') 'usage: hrel_fmw [WORKERS [M]]'
      call pvmfexit(info)
      stop 2
      end

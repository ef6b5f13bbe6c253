# hyper_all.gp -- every figure of `hrel hyper plotdata` in one command: one
# image per DIR/hyper_*.dat, written beside it with the extension ext (png by
# default, pdf for reports). Each figure is drawn by its own gnuplot running
# hyper_tc.gp (common.gp's one-line ifs cannot run inside a loop block).
#
# Usage: gnuplot -e "dir='DIR'" plots/hyper_all.gp
#        gnuplot -e "dir='DIR'; ext='pdf'" plots/hyper_all.gp

if (!exists("dir")) dir = "."
if (!exists("ext")) ext = "png"
plotdir = system("dirname '".ARG0."'")
files = system("ls '".dir."'/hyper_*.dat 2>/dev/null")
if (strlen(files) == 0) { print "hyper_all.gp: no hyper_*.dat in ".dir; exit status 1 }
do for [f in files] {
    out = f[1:strlen(f)-4].".".ext
    system(sprintf("gnuplot -e \"dat='%s'; out='%s'; plotdir='%s'\" '%s/hyper_tc.gp'", \
                   f, out, plotdir, plotdir))
    print "wrote ".out
}

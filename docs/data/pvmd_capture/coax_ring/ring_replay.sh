# ring_replay.sh: sourced by model_samples.sh and storm_state.sh. T: matrix S27's
# predicting trace of lan-coax's ring (hrel_ring -n 4 -b 1024 -r 1000); ring_replay HREL
# RTT0 SEED [OPTION...]: the packet model's replay of it on tc's HTB segment with that
# cell's pvmd values (wire g 8e-7 s/B, 15.3 us per datagram, jitter 31.1 us), the pairs
# with the master pvmd starting at RTT0.
T=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/../../predict_matrix_lancoax/S27/cells/lan-coax/ring/predicting_msgs.csv
ring_replay() {
    local h=$1 rtt0=$2 seed=$3
    shift 3
    "$h" model replay "$T" --medium bus --daemon 8e-7 --wire tc --htb 8 --rtt0 "$rtt0" \
        --pvmd-s 1.53e-5 --hosts-from "$T" --jitter 3.11e-5 --seed "$seed" "$@"
}

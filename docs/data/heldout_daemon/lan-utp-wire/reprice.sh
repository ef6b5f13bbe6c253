#!/bin/bash
# reprice.sh: price each held-out folder here again with this checkout's hrel (as
# reprice_wire.sh does), keeping predict.sh's own files as before_switch_predict*.csv
# and writing the new prices into predict.csv and predict_untraced.csv (their comment
# lines kept, a '# repriced:' line added): docs/data/share_emulated/reprice_held.sh.
# Run from the checkout's root.
KEEP_AS=before_switch exec docs/data/share_emulated/reprice_held.sh docs/data/heldout_daemon/lan-utp-wire/*/

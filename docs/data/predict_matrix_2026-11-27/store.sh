#!/bin/bash
# store.sh SRC: keep the validation matrix folder SRC here (../share_emulated/store_matrix.sh).
# Run from the checkout's root.
exec docs/data/share_emulated/store_matrix.sh "${1:?usage: store.sh SRC}" docs/data/predict_matrix_2026-11-27

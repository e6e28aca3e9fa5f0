# Batch bl: make the tiny model (as batches av-bj) and three HF hub caches / folders of it. Needs WORK and REPO; run
# with the venv's python first on PATH.
#   $WORK/hfcache/hub/models--tiny-org--tiny-llama   a good hub cache (refs/main -> snapshot H1); HF_HOME=$WORK/hfcache is right
#   $WORK/hfcache2/hub/models--tiny-org--tiny-llama  refs/main -> H2, but only the older snapshot H1 is there (H2's snapshot deleted)
#   $WORK/proj/tiny-org/tiny-llama                   an empty folder named like the hub id, in the folder the server is started from
set -e
python $REPO/tools/real_engine/make_models.py $WORK/models/tiny-llama --arch llama --shard-size 300KB
H1=0123456789abcdef0123456789abcdef01234567; H2=89abcdef0123456789abcdef0123456789abcdef
for C in hfcache hfcache2; do
  R=$WORK/$C/hub/models--tiny-org--tiny-llama; mkdir -p $R/refs $R/snapshots $R/blobs
  cp -r $WORK/models/tiny-llama $R/snapshots/$H1
done
echo -n $H1 > $WORK/hfcache/hub/models--tiny-org--tiny-llama/refs/main
echo -n $H2 > $WORK/hfcache2/hub/models--tiny-org--tiny-llama/refs/main
mkdir -p $WORK/proj/tiny-org/tiny-llama
ls -lR $WORK/hfcache2/hub | head -30; ls -la $WORK/proj/tiny-org/tiny-llama

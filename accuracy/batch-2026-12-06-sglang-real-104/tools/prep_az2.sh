# Batch az: a Hugging Face cache-style copy of tiny-llama (snapshot files are relative symlinks into blobs/), for
# hf-snapshot-nosymfollow-mount. Needs WORK.
set -e; C=$WORK/hub/models--local--tiny-llama; R=0123456789abcdef0123456789abcdef01234567
rm -rf $WORK/hub; mkdir -p $C/blobs $C/snapshots/$R $C/refs; echo -n $R > $C/refs/main
for f in $WORK/models/tiny-llama/*; do
  h=$(sha256sum "$f" | cut -d' ' -f1); cp "$f" $C/blobs/$h; ln -s ../../blobs/$h "$C/snapshots/$R/$(basename "$f")"
done
ls -la $C/snapshots/$R | head -5

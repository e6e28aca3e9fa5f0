# Every run of batch c, as executed (two or three of these lists ran side by side on the 2-core machine).
# Note: sglang_run.py takes `[ENV=VAL ...] -- ARGS`; without an ENV=VAL argparse swallows the first `--`,
# so runs without an environment variable pass `-- --`.
M=/tmp/sglreal-c/models
R="python3 /work/main/tools/real_engine/sglang_run.py --out /tmp/sglreal-c/out --work /tmp/sglreal-c"
# list 1
$R served-model-name-colon 180 -- -- --model-path $M/tiny-llama --port 31101 --device cpu --served-model-name my-org/tiny-llama:latest
$R chunked-prefill-page-mismatch 180 -- -- --model-path $M/tiny-llama --port 31102 --device cpu --page-size 16 --chunked-prefill-size 1000
$R page-size-zero 180 -- -- --model-path $M/tiny-llama --port 31103 --device cpu --page-size 0
$R tokenizer-worker-num-zero 180 -- -- --model-path $M/tiny-llama --port 31104 --device cpu --tokenizer-worker-num 0
$R log-level-unknown 180 -- -- --model-path $M/tiny-llama --port 31105 --device cpu --log-level verbose
$R nnodes-tp-mismatch 180 -- -- --model-path $M/tiny-llama --port 31106 --device cpu --nnodes 2 --node-rank 0 --dist-init-addr 127.0.0.1:31150
$R remote-code-missing-package 180 -- -- --model-path $M/tiny-remote-dep --port 31107 --device cpu --trust-remote-code
$R model-path-is-file 180 HF_HUB_OFFLINE=1 -- --model-path $M/tiny-llama/config.json --port 31108 --device cpu
$R tokenizer-path-no-tokenizer 180 -- -- --model-path $M/tiny-llama --tokenizer-path $M/tiny-configonly --port 31109 --device cpu
# list 2
$R device-cuda-no-driver 180 -- -- --model-path $M/tiny-llama --port 31201 --device cuda
$R port-out-of-range 180 -- -- --model-path $M/tiny-llama --port 70000 --device cpu
$R host-url 180 -- -- --model-path $M/tiny-llama --port 31203 --device cpu --host http://0.0.0.0
$R max-position-embeddings-zero 180 -- -- --model-path $M/tiny-maxpos0 --port 31204 --device cpu
$R metrics-multiproc-dir-missing 180 PROMETHEUS_MULTIPROC_DIR=/tmp/sglreal-c/prom-multiproc -- --model-path $M/tiny-llama --port 31205 --device cpu --enable-metrics
$R tmpdir-missing 180 TMPDIR=/tmp/sglreal-c/no-such-tmp -- --model-path $M/tiny-llama --port 31206 --device cpu
# list 3
$R model-folder-no-config 180 -- -- --model-path $M/tiny-noconfig --port 31301 --device cpu
$R chat-template-syntax-error 180 -- -- --model-path $M/tiny-llama --port 31302 --device cpu --chat-template /tmp/sglreal-c/bad_template.jinja
$R host-not-local 180 -- -- --model-path $M/tiny-llama --port 31303 --device cpu --host 10.255.255.1
$R tokenizer-mode-slow 180 -- -- --model-path $M/tiny-llama --port 31304 --device cpu --tokenizer-mode slow
$R dist-init-addr-no-port 180 -- -- --model-path $M/tiny-llama --port 31305 --device cpu --dist-init-addr 127.0.0.1

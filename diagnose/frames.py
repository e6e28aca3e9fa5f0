"""The phase a failure belongs to, read from the frames of its Python traceback.

A pasted excerpt is often only a traceback, with no phase marker before it. Its frames still say
where the engine was: `model_loader/` loads weights, `profile_run` sizes the KV cache, `capture_model`
captures CUDA graphs. FRAME_PHASES is the one table of these facts (vLLM and SGLang source paths and
function names). A traceback's phase is the phase of the first row, in table order, that one of its
frames matches: the rows are ordered most telling first, because an outer frame (`api_server.py`
starts every vLLM traceback; `profile_run` runs the compiled model) says less than an inner one.
"""

from __future__ import annotations

import re

# (phase, what a frame line `File "PATH", line N, in FUNCTION` contains): most telling first
FRAME_PHASES: tuple[tuple[str, str], ...] = (
    # the server serving: vLLM's engine core stepping a batch (V1 core.py's _process_engine_step, step and
    # step_with_batch_queue run only once requests arrive; V0's engine_step / step_async, and LLMEngine.step of
    # an offline run) and its OpenAI handlers answering a request. A traceback through one of them shows a
    # server that came up, in an excerpt that starts after its ready line (SERVING_ROW). Not the busy loop
    # itself (run_busy_loop also waits for the first request, where a stop signal finds it), nor SGLang's
    # scheduler event loop, which its warm-up request drives before the server is ready
    ("server", r"vllm/v1/engine/core\.py\", line \d+, in (?:_process_engine_step|step|step_with_batch_queue)$"
               r"|vllm/engine/(?:async_)?llm_engine\.py\", line \d+, in (?:engine_step|step_async|step)$"
               r"|vllm/entrypoints/openai/[\w/]+\.py\", line \d+, in (?:create_chat_completion|create_completion"
               r"|create_embedding|create_responses|chat_completion_(?:stream|full)_generator|completion_stream_generator)$"
               # (the worker's and executor's execute_model, which the engine core's step calls for a scheduled
               # batch; the start's profiling and warm-up runs call the model runner's own execute_model)
               r"|vllm/(?:v1/)?(?:worker/worker_base|executor/\w+)\.py\", line \d+, in execute_model$"
               # (sleep mode's wake_up, executor to worker to the CuMem allocator: only an engine that came up
               # is put to sleep and woken, by the API's /wake_up or an RL trainer between its steps)
               r"|vllm/(?:v1/)?(?:executor/\w+|worker/\w+|device_allocator/cumem)\.py\", line \d+, in wake_up$"),
    # SGLang's scheduler running batches (its event loops) and its tokenizer manager handling their results
    # (handle_loop): the start's steps are done, and the server answers its warm-up request or serves; a
    # server phase, and a sign that it came up only in an excerpt that shows none of the start
    # (SCHEDULER_ROW): a warm-up's failure comes with the start it ends
    ("server", r"sglang/srt/[\w/]+\.py\", line \d+, in (?:event_loop_\w+|handle_loop)$"),
    # CUDA graph capture (vLLM capture_model / cuda_graph.py, SGLang cuda_graph_runner.py)
    # and vLLM's compile / warm-up step, which runs inside _initialize_kv_caches after the KV cache is sized
    # (its kernel warm-ups, vllm/model_executor/warmup/: DeepGEMM, FlashInfer autotuning; not jit_warmup.py's
    # decorator `wrapped`, which runs the model runner's own __init__ in init)
    # (not the argument code that checks the CUDA graph settings: SGLang's ServerArgs._handle_piecewise_cuda_graph
    # in server_args.py, its arg_groups/cuda_graph_hook.py)
    ("compile", r"^(?!\s*File \"[^\"]*(?:server_args\.py\"|/arg_groups/))[^\n]*?cuda_graph"
                r"|in capture_model\b|in capture\b|in _capture|graph_capture|in compile_or_warm_up_model\b"
                r"|vllm/model_executor/warmup/\w+\.py\", line \d+, in \w*warmup\w*$"),
    # torch.compile compiling (not running) the model, or loading what an earlier start compiled (vLLM's
    # AOT artifact, compilation/decorators.py): vLLM V1 compiles on the first forward of its
    # memory profiling run, so these frames sit inside profile_run (the compiled code's own frames,
    # torch/_inductor/output_code.py and the like, run it and stay the profiling run's)
    ("compile", r"in aot_compile\b|in _try_load_aot_compiled_fn\b|torch/_inductor/(?:compile_fx|codecache|cpp_builder)\.py\"|torch/_dynamo/(?:convert_frame|symbolic_convert)\.py\""),
    # memory profiling and KV cache sizing (vLLM worker / kv_cache_utils, SGLang memory pool)
    ("kv_cache", r"in determine_num_available_blocks\b|in determine_available_memory\b|in profile_run\b"
                 # (not SGLang's LoRA manager sizing its adapters' buffers: srt/lora/lora_manager.py's own
                 # init_memory_pool, part of loading --lora-paths, a row below)
                 r"|in _initialize_kv_caches\b|kv_cache_utils|in initialize_kv_cache\b"
                 r"|^(?!\s*File \"[^\"]*/lora/)[^\n]*?in init_memory_pool\b"
                 r"|in profile_max_num_token\b|in _dummy_sampler_run\b"
                 r"|in (?:initialize|_allocate|_reshape)_kv_cache_tensors\b"
                 # (vLLM V0's worker allocating its cache engines: worker.py _init_cache_engine, cache_engine.py)
                 r"|in _init_cache_engine\b|vllm/worker/cache_engine\.py\""
                 # SGLang 0.5.23's scheduler builds its KV pool and prefix cache (mem_cache/kv_cache_builder.py),
                 # its host pools and hierarchical cache (mem_cache/: set-up functions only, not the cache's
                 # work on requests) and its KV events publisher, after it prints its token budgets
                 r"|in build_kv_cache\b|sglang/srt/mem_cache/[\w/]+\.py\", line \d+, in (?:__init__|__post_init__|build\w*|init_\w+|_allocate\w*|attach_\w+)$"
                 r"|in init_kv_events_publisher\b"),
    # checkpoint loading
    # (weight_utils' get_quant_config reads the quantization config while the engine config is built;
    # vLLM 0.32's make_checkpoint_config is its inner helper)
    # (and SGLang's LoRA manager loading the adapters of --lora-paths, after the base model's weights)
    ("weights", r"model_loader/(?!weight_utils\.py\", line \d+, in (?:get_quant|make_checkpoint)_config\b)"
                r"|weight_utils(?!\.py\", line \d+, in (?:get_quant|make_checkpoint)_config\b)|in load_weights\b"
                r"|in load_model\b|safetensors/"
                r"|sglang/srt/lora/lora_manager\.py\", line \d+, in (?:init_state|init_lora_adapters)\b"),
    # torch.compile / inductor
    ("compile", r"vllm/compilation/|torch/_dynamo/|torch/_inductor/"),
    # a forward pass of a model's code with none of the start's steps above it in view (a pasted excerpt
    # cut above the model, or a request's): the server (family-model-forward-shape-error's frames)
    ("server", r"(?:model_executor|sglang/srt)/(?:models|layers)/[^\"]*\.py\", line \d+, in _?forward\w*$"),
    # a model's own code (vLLM model_executor/models/, SGLang srt/models/): building the model, which
    # loading the weights begins with (its forward runs under profile_run, capture or dynamo, above);
    # not its multimodal processing info (`get_mm_max_tokens_per_item`, `get_hf_processor`, ...), which
    # the API server's input processor asks before any weight is read
    # (and vLLM's attention layer and its backend's implementation, which each layer builds as it is made;
    # and torch's DeviceContext, which makes the tensors of a model built under `with target_device:`)
    ("weights", r"(?:model_executor|sglang/srt)/models/(?!registry\.py)"
                r"(?![^\"]*\", line \d+, in _?get_(?:mm|hf|supported_mm|dummy|num_image|num_video|image|video|audio)\w*$)"
                r"|vllm/(?:model_executor/layers/)?attention/layer\.py\", line \d+, in __init__$"
                r"|vllm/v1/attention/backends/\w+\.py\", line \d+, in __init__$"
                # a tensor made under the model loader's `with target_device:` (torch's DeviceContext)
                r"|torch/utils/_device\.py\", line \d+, in __torch_function__$"),
    # torch.distributed, NCCL, custom all-reduce (not vLLM's shared-memory message queue, which the
    # executor sets up for its workers while it starts; nor torchrun's error and metrics decorators,
    # torch/distributed/elastic/multiprocessing/errors and elastic/metrics, which wrap every entry point
    # it launches)
    ("nccl", r"parallel_state|pynccl|custom_all_reduce|in init_distributed|device_communicators/(?!shm_broadcast)"
             r"|torch/distributed/(?!elastic/(?:multiprocessing|metrics)/)|in init_torch_distributed\b"
             # SGLang 0.5.23's rendezvous address (srt/distributed/bootstrap.py; not its init_parallel_runtime,
             # which first sets the device)
             r"|in _resolve_dist_init_method\b"
             # NCCL's own C frames, as a crash handler prints them (`... init.cc", line N, in ncclCommInitRank`)
             r"|in nccl[A-Z]\w*"),
    # engine and worker start (vLLM engine core / executor, SGLang scheduler start)
    # (a spawned process's first frame, vLLM's engine-core launch: a process that dies while it starts)
    ("init", r"in _init_executor\b|in init_device\b|(?<!model_)executor/|in run_scheduler_process\b"
             r"|in spawn_main\b|in launch_core_engines\b|in wait_for_engine_startup\b|in run_engine_core\b"
             # the sockets between the server and the engine's processes (vLLM's engine-core client, SGLang's
             # tokenizer manager), made as the engine starts
             r"|in make_zmq_socket\b|in get_zmq_socket\b"),
    # arguments and model config
    # (SGLang 0.5.23 checks its arguments in sglang/srt/arg_groups/*_hook.py, called from ServerArgs)
    # (and SGLang's _set_envs_and_config, the first step of _launch_subprocesses: it applies the arguments
    # to the environment, the metrics folder, the gc thresholds, before any process is launched; and its
    # runtime_context.py, where the launcher publishes and checks the parallel layout before that; and its
    # configure_logger, which applies --log-level or SGLANG_LOGGING_CONFIG_PATH first of all; and its
    # template manager, which loads --chat-template / --completion-template after the tokenizer)
    ("config", r"arg_utils|in create_engine_config\b|vllm/config/|vllm/config\.py|server_args\.py|sglang/srt/arg_groups/"
               r"|in _set_envs_and_config\b|sglang/srt/runtime_context\.py|in configure_logger\b|sglang/srt/parser/template_manager\.py"
               r"|model_executor/models/registry\.py"  # inspecting the architecture
               r"|transformers/configuration_utils|transformers/models/auto/"),
    # the HTTP server (outermost; says the least)
    ("server", r"uvicorn/|api_server|http_server"),
)
SERVING_ROW = 0  # the row of a server serving requests (above)
# the row of SGLang's scheduler and tokenizer manager loops (above)
SCHEDULER_ROW = next(i for i, (_, pattern) in enumerate(FRAME_PHASES) if "event_loop_" in pattern)
# the row of a module imported before any frame of a start step: the program importing what it runs
IMPORT_ROW = next(i for i, (phase, _) in enumerate(FRAME_PHASES) if phase == "config")
_FRAME = re.compile(r'^\s*File "[^"]*", line \d+, in ')
_COMPILED = tuple((phase, re.compile(pat)) for phase, pat in FRAME_PHASES)


_ROWS: dict[str, int | None] = {}  # frame line -> row (the frames of repeated tracebacks repeat)
_ROWS_MAX = 4096


def frame_row(text: str) -> int | None:
    """The table row a traceback frame line matches (its index), or None (not a frame, or unknown)."""
    if not _FRAME.match(text):
        return None
    row = _ROWS.get(text, -1)
    if row != -1:
        return row
    row = next((i for i, (_, pattern) in enumerate(_COMPILED) if pattern.search(text)), None)
    if len(_ROWS) >= _ROWS_MAX:
        _ROWS.clear()
    _ROWS[text] = row
    return row


def row_phase(row: int | None) -> str | None:
    return None if row is None else FRAME_PHASES[row][0]

"""Markers of the writers both engines share: uvicorn, tqdm shard bars, torch / Gloo / NCCL, Ray,
the shell, argparse and version lines printed by nvidia-smi, pip or docker."""

from __future__ import annotations

from diagnose.engines.base import M, Named

C = "common"
MARKERS = [
    # weights: the shard bar is drawn by the shared safetensors loader
    M("shards", C, "weights", "progress", r"^(?P<desc>Loading (?:safetensors|pt|np_cache) checkpoint shards|Multi-thread loading (?:pt checkpoint )?shards|Loading safetensors using [\w ]+?):\s+(?P<pct>\d{1,3})%(?: Completed \||\|[^|]*\|)\s*(?P<done>\d+)/(?P<total>\d+) \[(?P<elapsed>[\d:]+)<", ("checkpoint shards", "loading shards", "Loading safetensors using"), facts={"done": "shards_done", "total": "shards_total", "elapsed": "shards_elapsed"}),
    # weights: transformers' from_pretrained (modeling_utils) reports checkpoint keys that the model class
    # lacks or leaves new (backends that load through transformers: Neuron, the transformers backend)
    M("hf_weights_keys", C, "weights", "progress", r"^Some weights of (?:the model checkpoint at .+? were not used when initializing \w|\w+ were not initialized from the model checkpoint at )", "Some weights of "),
    # compile: torch Inductor's max-autotune benchmarking GEMM choices (torch/_inductor/select_algorithm.py
    # writes these to stderr: "AUTOTUNE mm(4x4096, 4096x8)", "SingleProcess AUTOTUNE benchmarking takes
    # 1.3427 seconds and 8.8429 seconds precompiling [for 20 choices]")
    M("inductor_autotune", C, "compile", "progress", r"^(?:AUTOTUNE \w+\(|(?:SingleProcess|SubProcess) AUTOTUNE benchmarking takes [\d.]+ seconds)", ("AUTOTUNE ",)),
    # nccl / torch.distributed
    M("gloo", C, "nccl", "progress", r"^\[Gloo\] Rank \d+ is connected to \d+ peer ranks", "[Gloo] Rank"),
    M("nccl_init_start", C, "nccl", "progress", r"^NCCL INFO (?:Init START|comm 0x[0-9a-f]+ rank \d+ nRanks \d+|Bootstrap)", ("NCCL INFO Init START", "NCCL INFO comm 0x", "NCCL INFO Bootstrap")),
    M("nccl_version_info", C, "nccl", "progress", r"^NCCL INFO NCCL version (?P<v>[\d.]+)(?:\+cuda(?P<cuda>[\d.]+))?", "NCCL version", facts={"v": "nccl_version", "cuda": "cuda_version"}),
    M("nccl_init_done", C, "nccl", "progress", r"^NCCL INFO (?:Init COMPLETE|ncclCommInitRank comm .* Init COMPLETE)", "Init COMPLETE"),
    # server (uvicorn is the HTTP server of both engines)
    M("uv_started", C, "server", "start", r"^Started server process \[(?P<pid>\d+)\]$", "Started server process", kinds=("uvicorn",)),
    # (uvicorn's lifespan lines, also where a logging config gives its loggers vLLM's format: "INFO
    # 12-06 15:47:35 [on.py:62] Application startup complete.")
    M("uv_wait", C, "server", "progress", r"^Waiting for application startup\.$", "Waiting for application startup", kinds=("uvicorn", "vllm")),
    M("uv_complete", C, "server", "ready", r"^Application startup complete\.$", "Application startup complete", kinds=("uvicorn", "vllm")),
    M("uv_running", C, "server", "ready", r"^Uvicorn running on (?P<url>\S+)", "Uvicorn running on", facts={"url": "listen_url"}),
    # (an access line: uvicorn answers requests only once the app's startup is complete)
    M("uv_access", C, None, "heartbeat", r'^\S+:\d+ - "[A-Z]+ \S+ HTTP/[\d.]+" \d{3}', "HTTP/", kinds=("uvicorn",), serving=True),
    M("uv_shutdown", C, None, "shutdown", r"^(?:Shutting down|Waiting for application shutdown\.)$", ("Shutting down", "application shutdown"), kinds=("uvicorn",)),
    M("uv_failed", C, None, "fatal", Named("uvicorn-application-startup-failed", "^{}$"), "Application startup failed", after_ready=True),
    M("uv_bind", C, None, "fatal", r"\[Errno 98\] error while attempting to bind on address", "error while attempting to bind", after_ready=True),
    # fatal lines that are not Python exceptions
    M("killed", C, None, "fatal", r"^(?:Killed|.*: line \d+: +\d+ Killed\b.*)\s*$", "Killed", after_ready=True),
    M("bus_error", C, None, "fatal", r"^(?:Bus error|Fatal Python error: Bus error|Segmentation fault)", ("Bus error", "Segmentation fault"), after_ready=True),
    # a process aborted (SIGABRT: a C++ exception nobody caught, `terminate called after throwing ...`):
    # Python's faulthandler and the shell name it
    M("aborted", C, None, "fatal", r"^(?:Fatal Python error: Aborted|Aborted \(core dumped\))\s*$", "Aborted", after_ready=True),
    M("argparse_error", C, "config", "fatal", r"^(?:[\w.\-]+(?: [\w\-]+)?): error: (?:argument|unrecognized arguments|the following arguments|ambiguous option|invalid choice)", ": error: "),
    M("torchrun_failed", C, None, "wrapper", Named("torchrun-child-failed"), ("ChildFailedError", "Root Cause (first observed failure)"), after_ready=True),
    # versions and hardware
    # vLLM and SGLang when a tensor-parallel group has ranks on several nodes (custom all-reduce is turned off)
    M("spans_nodes", C, None, "fact", r"process group (?P<x>spans across nodes)", "spans across nodes", facts={"x": "spans_nodes"}),
    M("smi_versions", C, None, "fact", r"Driver Version: (?P<drv>[\d.]+)\s+CUDA Version: (?P<cuda>[\d.]+)", "Driver Version:", facts={"drv": "driver_version", "cuda": "cuda_version"}),
    M("smi_gpu", C, None, "fact", r"^\|\s+\d+\s+(?P<name>NVIDIA [\w .-]+?|Tesla [\w .-]+?)\s{2,}", ("NVIDIA", "Tesla"), facts={"name": "gpu_name"}),
    M("torch_version", C, None, "fact", r"\btorch(?:==| version:? |-)(?P<v>\d+\.\d+\.\d+)(?:\+(?P<tag>cu\d+|cpu|rocm[\d.]+))?", "torch", facts={"v": "torch_version"}),
    M("vllm_pip", C, None, "fact", r"(?:\bvllm(?:-cpu)?(?:==|-)|vllm/vllm-openai:v?)(?P<v>\d+\.\d+\.\d+(?:\.post\d+|rc\d+|\.dev\d+\S*)?)\b", ("vllm==", "vllm-"), facts={"v": "image_vllm_version"}),
    # SGLang prints no version line of its own; a pip line or the image tag of the launch command names it
    M("sglang_pip", C, None, "fact", r"(?:\bsglang(?:\[all\])?(?:==|-)|lmsysorg/sglang:v?)(?P<v>\d+\.\d+\.\d+(?:\.post\d+|rc\d+)?)\b", ("sglang==", "sglang-", "sglang[all]==", "lmsysorg/sglang:"), facts={"v": "sglang_version"}),
    M("torch_oom_total", C, None, "fact", r"GPU (?P<gpu>\d+) has a total capac?ity of (?P<total>[\d.]+) GiB of which (?P<free>[\d.]+) (?P<unit>[GMK]iB) is free", "has a total capac", facts={"total": "gpu_total_gib"}),
    M("vllm_free_mem", C, None, "fact", r"Free memory on device (?:\S+ )?\((?P<free>[\d.]+)/(?P<total>[\d.]+) GiB\)", "Free memory on device", facts={"total": "gpu_total_gib", "free": "gpu_free_gib"}),
    M("cuda_runtime", C, None, "fact", r"\bCUDA (?:runtime )?(?:version|Version)[: ]+(?P<cuda>\d+\.\d+)", ("CUDA version", "CUDA Version", "CUDA runtime "), facts={"cuda": "cuda_version"}),
    M("ray_started", C, "init", "progress", r"^(?:Started a local Ray instance|Connected to Ray cluster|Connecting to existing Ray cluster)", ("Ray instance", "Ray cluster")),
]

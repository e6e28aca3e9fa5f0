"""Parse a launch command line (vLLM or SGLang, optionally inside `docker run`) into a LaunchSpec.

The flag names are the engines' own (argparse `--flag value` and `--flag=value`; vLLM also accepts
underscores); the tensor-parallel aliases `-tp`, `--tp`, `--tp-size` work for both engines.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass, field

_ENV_ASSIGN = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*=")


class CommandError(ValueError):
    """The command line cannot be understood (the message says why)."""


@dataclass
class LaunchSpec:
    engine: str = "vllm"  # vllm | sglang
    argv: list[str] = field(default_factory=list)  # the engine command as given
    model: str | None = None
    tp: int = 1
    pp: int = 1
    dp: int = 1
    nnodes: int = 1
    max_len: int | None = None  # --max-model-len / --context-length (None: the model's default)
    max_len_auto: bool = False  # vLLM --max-model-len auto / -1
    gpu_util: float | None = None  # vLLM --gpu-memory-utilization
    mem_fraction: float | None = None  # SGLang --mem-fraction-static
    kv_cache_bytes: int | None = None  # vLLM --kv-cache-memory-bytes
    max_total_tokens: int | None = None  # SGLang --max-total-tokens
    dtype: str = "auto"
    kv_cache_dtype: str = "auto"
    quantization: str | None = None
    enforce_eager: bool = False  # vLLM --enforce-eager / SGLang --disable-cuda-graph
    max_num_seqs: int | None = None
    max_num_batched_tokens: int | None = None
    block_size: int | None = None
    cpu_offload_gb: float = 0.0
    eager_load: bool = False  # --safetensors-load-strategy eager / --weight-loader-disable-mmap
    executor: str | None = None  # --distributed-executor-backend
    node_rank: int | None = None  # --node-rank (both engines; vLLM also -r)
    master_addr: str | None = None  # vLLM --master-addr (multi-node without Ray)
    master_port: int | None = None  # vLLM --master-port
    dist_init_addr: str | None = None  # SGLang --dist-init-addr / --nccl-init-addr (host:port)
    headless: bool = False  # vLLM --headless (a worker node of a multi-node start)
    dp_address: str | None = None  # vLLM --data-parallel-address
    enable_metrics: bool = False  # SGLang --enable-metrics (vLLM serves /metrics always)
    metrics_flags: list[str] = field(default_factory=list)  # SGLang flags that only act with --enable-metrics
    env: dict = field(default_factory=dict)  # assignments on the command line (VAR=v cmd, docker -e)
    image: str | None = None
    docker_shm_bytes: int | None = None  # docker --shm-size (64 MB when docker run has neither it nor --ipc=host)
    docker_ipc_host: bool = False
    docker_gpus: int | None = None
    volumes: list[tuple[str, str]] = field(default_factory=list)  # docker -v host:container
    unknown_flags: list[str] = field(default_factory=list)

    @property
    def world_size(self) -> int:
        return self.tp * self.pp * self.dp

    def host_path(self, path: str) -> str:
        """Map a path inside the container back to the host through docker -v."""
        for host, cont in sorted(self.volumes, key=lambda v: -len(v[1])):
            if path == cont or path.startswith(cont.rstrip("/") + "/"):
                return host.rstrip("/") + path[len(cont.rstrip("/")):]
        return path


_SIZE = re.compile(r"^\s*([\d.]+)\s*([kmgt]?)(i?)b?\s*$", re.I)


def parse_size(text: str, binary_default: bool = False) -> int:
    """`65536`, `4G`, `4GiB`, `16g` (docker: binary), `1.5GB`."""
    m = _SIZE.match(str(text))
    if not m:
        raise CommandError(f"not a size: {text!r}")
    num, unit, i = float(m.group(1)), m.group(2).lower(), m.group(3)
    base = 1024 if (i or binary_default) else 1000
    return int(num * base ** " kmgt".index(unit or " "))


def parse_len(text: str) -> int:
    """vLLM and SGLang lengths: `32768`, `32k`, `1M` (k = 1024 as vLLM reads it)."""
    m = re.fullmatch(r"\s*([\d.]+)\s*([kKmMgG]?)\s*", str(text))
    if not m:
        raise CommandError(f"not a length: {text!r}")
    mult = {"": 1, "k": 1024, "m": 1024 ** 2, "g": 1024 ** 3}[m.group(2).lower()]
    return int(float(m.group(1)) * mult)


# canonical key -> (type, flag spellings). "flag" = boolean, takes no value.
_COMMON = {
    "tp": (int, ["-tp", "--tp", "--tp-size", "--tensor-parallel-size"]),
    "pp": (int, ["-pp", "--pp", "--pp-size", "--pipeline-parallel-size"]),
    "dp": (int, ["-dp", "--dp", "--dp-size", "--data-parallel-size"]),
    "dtype": (str, ["--dtype"]),
    "kv_cache_dtype": (str, ["--kv-cache-dtype"]),
    "quantization": (str, ["-q", "--quantization"]),
    "nnodes": (int, ["--nnodes", "-n"]),
    "node_rank": (int, ["--node-rank"]),
}
_VLLM = {
    "model": (str, ["--model"]),
    "max_len": ("len", ["--max-model-len"]),
    "gpu_util": (float, ["--gpu-memory-utilization"]),
    "kv_cache_bytes": ("size", ["--kv-cache-memory-bytes"]),
    "enforce_eager": ("flag", ["--enforce-eager"]),
    "max_num_seqs": (int, ["--max-num-seqs"]),
    "max_num_batched_tokens": (int, ["--max-num-batched-tokens"]),
    "block_size": (int, ["--block-size"]),
    "cpu_offload_gb": (float, ["--cpu-offload-gb"]),
    "load_strategy": (str, ["--safetensors-load-strategy"]),
    "executor": (str, ["--distributed-executor-backend"]),
    "node_rank": (int, ["--node-rank", "-r"]),
    "master_addr": (str, ["--master-addr"]),
    "master_port": (int, ["--master-port"]),
    "headless": ("flag", ["--headless"]),
    "dp_address": (str, ["--data-parallel-address", "-dpa"]),
}
_SGLANG = {
    "model": (str, ["--model-path", "--model"]),
    "max_len": ("len", ["--context-length"]),
    "mem_fraction": (float, ["--mem-fraction-static"]),
    "max_total_tokens": (int, ["--max-total-tokens"]),
    "enforce_eager": ("flag", ["--disable-cuda-graph"]),
    "max_num_seqs": (int, ["--max-running-requests"]),
    "max_num_batched_tokens": (int, ["--chunked-prefill-size"]),
    "block_size": (int, ["--page-size"]),
    "eager_load": ("flag", ["--weight-loader-disable-mmap"]),
    "dist_init_addr": (str, ["--dist-init-addr", "--nccl-init-addr"]),
    "enable_metrics": ("flag", ["--enable-metrics"]),
}
# SGLang options that only act with --enable-metrics (sglang/srt/arg_groups/fields/observability.py):
# given without it, no /metrics route is mounted and they change nothing
SGLANG_METRICS_FLAGS = {
    "--enable-mfu-metrics", "--enable-metrics-for-all-schedulers", "--tokenizer-metrics-custom-labels-header",
    "--tokenizer-metrics-allowed-custom-labels", "--extra-metric-labels", "--bucket-time-to-first-token",
    "--bucket-inter-token-latency", "--bucket-e2e-request-latency", "--prompt-tokens-buckets",
    "--generation-tokens-buckets",
}
# boolean flags of the engines that must not swallow the next word
_BOOL_FLAGS = {
    "--trust-remote-code", "--enforce-eager", "--disable-custom-all-reduce", "--enable-prefix-caching",
    "--no-enable-prefix-caching", "--enable-chunked-prefill", "--no-enable-chunked-prefill", "--headless",
    "--enable-expert-parallel", "--disable-log-requests", "--disable-log-stats", "--enable-lora",
    "--disable-cuda-graph", "--disable-radix-cache", "--enable-torch-compile", "--skip-server-warmup",
    "--enable-metrics", "--enable-dp-attention", "--weight-loader-disable-mmap", "--enable-nccl-nvls",
    "--enable-symm-mem", "--skip-tokenizer-init", "--enable-auto-tool-choice", "--disable-frontend-multiprocessing",
    "--enable-log-requests", "--enable-sleep-mode", "--async-scheduling", "--disable-piecewise-cuda-graph",
    "--enable-mfu-metrics", "--enable-metrics-for-all-schedulers",
}

_DOCKER_VALUE_OPTS = {
    "-e", "--env", "-v", "--volume", "--shm-size", "--ipc", "--gpus", "-p", "--publish", "--name", "--network",
    "--net", "-w", "--workdir", "--entrypoint", "--runtime", "-u", "--user", "--env-file", "--device", "-m",
    "--memory", "--ulimit", "--mount", "--cpus", "--platform", "--label", "-l", "--pull", "--restart", "-h",
    "--hostname", "--cap-add", "--security-opt", "--add-host", "--memory-swap", "--log-driver", "--log-opt",
}


def _detect_engine(argv: list[str]) -> tuple[str | None, int]:
    """(engine, index of the first argument after the engine's command words); engine None when the
    command is another program (`bash -c ...`): neither engine's command words nor its flags."""
    for i, tok in enumerate(argv):
        base = tok.rsplit("/", 1)[-1]
        if base == "vllm" and i + 1 < len(argv) and argv[i + 1] == "serve":
            return "vllm", i + 2
        if tok in ("vllm.entrypoints.openai.api_server", "vllm.entrypoints.api_server"):
            return "vllm", i + 1
        if tok.startswith("sglang.launch_server") or (base == "sglang" and i + 1 < len(argv)
                                                       and argv[i + 1] == "serve"):
            return "sglang", i + (1 if tok.startswith("sglang.") else 2)
        if tok == "serve" and i <= 2:  # a launcher script (`python launcher.py serve MODEL`)
            return "vllm", i + 1
    if any(a.split("=")[0] in ("--model-path", "--context-length", "--mem-fraction-static", "--tp-size")
           for a in argv):
        return "sglang", 0
    if argv and argv[0].startswith("-"):
        return "vllm", 0  # the engine's arguments alone (`-- --model /m -tp 2`)
    return None, 0


def _docker(argv: list[str], spec: LaunchSpec) -> list[str]:
    """Strip `docker run OPTIONS IMAGE`, keeping what matters (env, shm, ipc, gpus, volumes)."""
    i = 2 if len(argv) > 1 and argv[1] == "run" else 1
    while i < len(argv):
        tok = argv[i]
        if not tok.startswith("-"):
            spec.image = tok
            rest = argv[i + 1:]
            if spec.image and "sglang" not in spec.image and (not rest or rest[0].startswith("-")):
                rest = ["vllm", "serve", *rest]  # the vllm/vllm-openai entrypoint is `vllm serve`
            return rest
        name, eq, val = tok.partition("=")
        if not eq and name in _DOCKER_VALUE_OPTS:
            i += 1
            val = argv[i] if i < len(argv) else ""
        if name in ("-e", "--env") and "=" in val:
            k, _, v = val.partition("=")
            spec.env[k] = v
        elif name == "--shm-size":
            spec.docker_shm_bytes = parse_size(val, binary_default=True)
        elif name == "--ipc" and val == "host":
            spec.docker_ipc_host = True
        elif name == "--gpus":
            v = val.strip("'\"")
            if v.isdigit():
                spec.docker_gpus = int(v)
            elif v.startswith("device="):
                spec.docker_gpus = len(v[len("device="):].split(","))
        elif name in ("-v", "--volume") and ":" in val:
            host, cont = val.split(":")[:2]
            spec.volumes.append((host, cont))
        i += 1
    raise CommandError("docker run without an image name")


def parse_command(argv: list[str] | str) -> LaunchSpec:
    if isinstance(argv, str):
        argv = shlex.split(argv)
    argv = list(argv)
    if len(argv) == 1 and " " in argv[0]:
        argv = shlex.split(argv[0])
    spec = LaunchSpec()
    while argv and (argv[0] == "env" or _ENV_ASSIGN.match(argv[0])):
        tok = argv.pop(0)
        if tok != "env":
            k, _, v = tok.partition("=")
            spec.env[k] = v
    if not argv:
        raise CommandError("no command: give the engine's command after --, e.g. -- vllm serve /models/x -tp 2")
    if argv[0].rsplit("/", 1)[-1] in ("docker", "podman", "nvidia-docker"):
        argv = _docker(argv, spec)
        if spec.docker_shm_bytes is None and not spec.docker_ipc_host:
            spec.docker_shm_bytes = 64 * 1024 * 1024  # Docker's default /dev/shm
    spec.argv = argv
    engine, start = _detect_engine(argv)
    if engine is None:
        raise CommandError(f"{shlex.join(argv[:3])}{' ...' if len(argv) > 3 else ''} is not a vLLM or SGLang "
                           "command: give it after --, e.g. -- vllm serve /models/x -tp 2, or "
                           "-- python -m sglang.launch_server --model-path /models/x")
    spec.engine = engine
    table = {**_COMMON, **(_VLLM if spec.engine == "vllm" else _SGLANG)}
    lookup = {flag: (key, typ) for key, (typ, flags) in table.items() for flag in flags}
    i = start
    positional: list[str] = []
    while i < len(argv):
        tok = argv[i]
        i += 1
        if not tok.startswith("-") or tok == "-":
            positional.append(tok)
            continue
        name, eq, val = tok.partition("=")
        if name.startswith("--"):
            name = "--" + name[2:].replace("_", "-")
        hit = lookup.get(name)
        if hit is None and spec.engine == "sglang" and name.startswith("--"):
            # argparse prefix abbreviation (SGLang allows it: `--tp 2` is `--tp-size 2`)
            cands = {v for f, v in lookup.items() if f.startswith(name) and f.startswith("--")}
            hit = cands.pop() if len(cands) == 1 else None
        if hit is None:
            if name not in _BOOL_FLAGS and not eq and i < len(argv) and not argv[i].startswith("-"):
                i += 1  # an unknown option with a value
            spec.unknown_flags.append(name)
            if spec.engine == "sglang" and name in SGLANG_METRICS_FLAGS:
                spec.metrics_flags.append(name)
            continue
        key, typ = hit
        if typ == "flag":
            setattr(spec, key, True)
            continue
        if not eq:
            if i >= len(argv):
                raise CommandError(f"{name} needs a value")
            val = argv[i]
            i += 1
        try:
            if key == "max_len" and val.strip().lower() in ("-1", "auto"):
                spec.max_len_auto = True
            elif key == "load_strategy":
                spec.eager_load = val.strip().lower().startswith("eager")
            elif typ == "len":
                setattr(spec, key, parse_len(val))
            elif typ == "size":
                setattr(spec, key, parse_size(val))
            elif typ is int:
                setattr(spec, key, int(val))
            elif typ is float:
                setattr(spec, key, float(val))
            else:
                setattr(spec, key, val)
        except ValueError:
            raise CommandError(f"{name}: bad value {val!r}") from None
    if spec.model is None and positional:
        spec.model = positional[0]
    if spec.model is None:
        raise CommandError("no model in the command (vllm serve MODEL_DIR or --model-path MODEL_DIR)")
    if spec.quantization in ("None", "none"):
        spec.quantization = None
    return spec

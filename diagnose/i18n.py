"""The language of what llmdiag says to a person: English (the default) or Chinese (`--lang zh`).

One language per run, chosen once: `--lang zh|en` on a command that renders, else the locale
(LC_ALL, then LC_MESSAGES, then LANG: the first that is set decides, as POSIX says; a value that
starts with `zh` is Chinese). `set_lang` stores it here; the report builder reads it to add each
diagnosis's Chinese text (`i18n` in the JSON report, only under zh), the renderers to pick their words.

Every fixed word of the human outputs (headings, labels, status lines) is in `ZH`, keyed by its
English text: `tr("What to do:")`. A text with `{placeholders}` is filled the same way in both
languages: `tr("matched {n} times", n=3)`. Commands, flags, paths, numbers and log lines are never
translated. A rule's own Chinese text is its `zh:` block (rules/README.md).
"""

from __future__ import annotations

import os
from contextlib import contextmanager
from typing import Iterator, Mapping

LANGS = ("en", "zh")
_LANG = "en"


def lang_from_env(environ: Mapping[str, str] | None = None) -> str:
    """zh when the locale is Chinese (LC_ALL, else LC_MESSAGES, else LANG, the first one set), else en."""
    env = os.environ if environ is None else environ
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var)
        if value:
            return "zh" if value.lower().startswith("zh") else "en"
    return "en"


def resolve(option: str | None, environ: Mapping[str, str] | None = None) -> str:
    """The language of a run: the --lang option when given, else the locale's."""
    if option:
        if option not in LANGS:
            raise ValueError(f"unknown language {option!r} (choose from {', '.join(LANGS)})")
        return option
    return lang_from_env(environ)


def set_lang(lang: str) -> None:
    global _LANG
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r} (choose from {', '.join(LANGS)})")
    _LANG = lang


def current() -> str:
    return _LANG


@contextmanager
def using(lang: str) -> Iterator[None]:
    """`with using("zh"):` ... the language for a block (tests, a library caller)."""
    before = _LANG
    set_lang(lang)
    try:
        yield
    finally:
        set_lang(before)


def tr(text: str, /, **values) -> str:
    """`text` in the current language (English when it has no Chinese entry), then filled in."""
    out = ZH.get(text, text) if _LANG == "zh" else text
    return out.format(**values) if values else out


def tr_lang(lang: str, text: str, /, **values) -> str:
    """`tr` in a given language."""
    out = ZH.get(text, text) if lang == "zh" else text
    return out.format(**values) if values else out


def localized(report):
    """The report as a person reads it in the current language: each diagnosis's title, explanation
    and remediation replaced by its `i18n` text when it has one, and the warnings by the report's own
    `i18n` warnings (followed by any warning added after it was made). Renderers of text, Markdown,
    JUnit and GitHub call it (through `visible_report`); the JSON report keeps its English fields."""
    texts = getattr(report, "i18n", None)
    texts = texts if texts is not None and texts.lang == _LANG else None
    if _LANG == "en" or (texts is None and not any(getattr(d, "i18n", None) is not None for d in report.diagnoses)):
        return report
    diags = []
    for d in report.diagnoses:
        t = d.i18n
        if t is not None and t.lang == _LANG:
            d = d.model_copy(update={"title": t.title, "explanation": t.explanation,
                                     "remediation": list(t.remediation)})
        diags.append(d)
    update = {"diagnoses": diags}
    if texts is not None:
        update["warnings"] = list(texts.warnings) + list(report.warnings[len(texts.warnings):])
    return report.model_copy(update=update)


# -- the fixed words of every human output, English -> Chinese ----------------------------------
# Keep {placeholders} identical; keep commands, flags, paths and numbers out of the prose.

ZH: dict[str, str] = {
    # stall advice (diagnose/live/stall.py advice)
    "the server has not printed a recognisable startup line yet: it may be importing, downloading, or stuck":
        "服务还没有打印任何可识别的启动日志：可能在 import、下载，或者卡住了",
    "Check that the process is alive: ps -ef | grep -E 'vllm|sglang'": "确认进程还活着：ps -ef | grep -E 'vllm|sglang'",
    "shard {done}/{total} is not advancing: weights are read very slowly (network storage) or the process is stuck in I/O":
        "分片 {done}/{total} 没有推进：权重读取非常慢（网络存储），或进程卡在 I/O 上",
    "no shard progress yet: the storage is slow or the weights are being downloaded silently (first use of a hub model)":
        "还没有分片进度：存储很慢，或权重正在静默下载（首次使用 Hub 上的模型）",
    "du -sh ~/.cache/huggingface/hub  # growing? then it is downloading": "du -sh ~/.cache/huggingface/hub  # 在增长？那就是在下载",
    "; a cold torch.compile cache is normal for up to ~{minutes} minutes on the first start of this model":
        "；torch.compile 缓存为空时，该模型首次启动编译最多约 {minutes} 分钟属于正常",
    "ls ~/.cache/vllm/torch_compile_cache  # empty or new hash: a cold compile":
        "ls ~/.cache/vllm/torch_compile_cache  # 为空或出现新的 hash：冷编译",
    "Check the logs of the other {n} node(s): did each one start and reach this phase?":
        "检查其余 {n} 个节点的日志：每个节点都启动并到达这个阶段了吗？",
    "Re-run with NCCL_DEBUG=INFO to see which rank waits": "加上 NCCL_DEBUG=INFO 重跑，看是哪个 rank 在等",
    "py-spy dump --pid <server pid>  # where it waits": "py-spy dump --pid <server pid>  # 看它卡在哪里",
    "nvidia-smi  # GPU memory and utilisation": "nvidia-smi  # 显存和利用率",
    # text report
    "engine unknown": "引擎未知",
    "  model {model}": "  模型 {model}",
    "  outcome ": "  结果 ",
    "  last phase {phase}": "  最后阶段 {phase}",
    "phase": "阶段",
    "status": "状态",
    "lines": "行",
    "duration": "耗时",
    "facts": "关键信息",
    "Why:": "原因：",
    "What to do:": "处理办法：",
    "   (matched {n} times)": "   （共匹配 {n} 次）",
    "warning: {w}": "警告：{w}",
    "No problem found.": "未发现问题。",
    "No diagnosis.": "没有诊断结果。",
    "rule {rule}": "规则 {rule}",
    "likely: family match, no specific rule": "可能：按同类失败归类，没有专门的规则",
    "reported by": "上报方",
    "Reported by": "上报方",
    "line {n}": "第 {n} 行",
    "line {n} of {source}": "{source} 第 {n} 行",
    "No loading phase marker was recognised in this log; the diagnosis places the failure in phase {phase}.":
        "日志中没有识别到加载阶段的标志行；诊断认为失败发生在 {phase} 阶段。",
    "No loading phase was recognised in this log.": "日志中没有识别到任何加载阶段。",
    "Phase {phase} has no marker line in this log; the diagnosis places the failure there.":
        "日志中没有 {phase} 阶段的标志行；诊断认为失败发生在该阶段。",
    "The failure's traceback places it in phase {phase}, after the log's last marker line (phase {marker}).":
        "失败的调用栈表明它发生在 {phase} 阶段，即日志最后一条标志行（{marker} 阶段）之后。",
    "The server came up at line {n}": "服务在第 {n} 行启动完成",
    "The server came up": "服务已启动完成",
    " at line {n}": "（第 {n} 行）",
    "{came}, then died{at}: the start succeeded, serving failed.": "{came}，随后退出{at}：启动成功，但服务过程中失败。",
    "{came} and was stopped{at} (a clean shutdown).": "{came}，随后被停止{at}（正常关闭）。",
    "{came}, then stopped serving{at} (stuck).": "{came}，随后不再响应请求{at}（卡住）。",
    "Probe: {url} serves{ttft}.": "探测：{url} 正常服务{ttft}。",
    ", first token after {s} s": "，首 token 耗时 {s} s",
    "Probe: {url} {result} (see below).": "探测：{url} 结果 {result}（见下文）。",
    # outcomes and statuses as words (the enum values stay in JSON)
    "READY": "就绪（READY）",
    "FAILED": "失败（FAILED）",
    "INCOMPLETE": "未完成（INCOMPLETE）",
    "done": "完成",
    "failed": "失败",
    "running": "进行中",
    # several starts
    "=== start {i} of {n}: {label}": "=== 第 {i} 次启动（共 {n} 次）：{label}",
    " (read together: {why})": "（合并读取：{why}）",
    "llmdiag: {files} files read as one start{why}; --separate gives a report per file.":
        "llmdiag：{files} 个文件作为一次启动读取{why}；--separate 可为每个文件单独出报告。",
    "llmdiag: {n} starts in {files} files, each with its own report: {told}; worst {worst}{how}. "
    "--merge reads all files as one start.":
        "llmdiag：{files} 个文件中有 {n} 次启动，各有一份报告：{told}；最差结果 {worst}{how}。"
        "--merge 可把所有文件作为一次启动读取。",
    "; read together: {merged}": "；合并读取：{merged}",
    "{n} {outcome}": "{n} 次 {outcome}",
    # Markdown
    "ready": "就绪",
    "INCOMPLETE (no error, no ready line)": "未完成（没有报错，也没有就绪行）",
    "## {icon} llmdiag: start {outcome}{where}": "## {icon} llmdiag：启动{outcome}{where}",
    " in phase {phase}": "，阶段 {phase}",
    "## {icon} llmdiag: start ready, then the server died": "## {icon} llmdiag：启动就绪，随后服务退出",
    "## {icon} llmdiag: start ready, then the server stopped serving": "## {icon} llmdiag：启动就绪，随后服务不再响应请求",
    "{engine}{model}, {n} log lines": "{engine}{model}，日志共 {n} 行",
    ", model {model}": "，模型 {model}",
    "**What happened:** the server came up; no problem found.": "**结果：** 服务已启动，未发现问题。",
    "**What failed:** no rule recognised the failure; see the phase table below.":
        "**失败原因：** 没有规则识别出这次失败；请看下面的阶段表。",
    "What failed": "失败原因",
    "Where it stopped": "停在哪里",
    "What to look at": "需要关注",
    "What failed after it came up": "启动后失败的原因",
    ", phase {phase}": "，阶段 {phase}",
    "**Why:**": "**原因：**",
    "**What to do:**": "**处理办法：**",
    "**History:**": "**历史：**",
    "### Phases": "### 阶段",
    "### Diagnoses (most likely root cause first)": "### 诊断（最可能的根因在前）",
    "Warnings": "警告",
    "<sub>llmdiag report {schema}; secrets redacted unless --no-redact.</sub>":
        "<sub>llmdiag 报告 {schema}；除非使用 --no-redact，敏感信息均已脱敏。</sub>",
    "| phase | status | lines | duration |": "| 阶段 | 状态 | 行 | 耗时 |",
    " source |": " 文件 |",
    "{category}, {severity}, {role}{phase}; rule {rule}, fingerprint {fingerprint}":
        "{category}，{severity}，{role}{phase}；规则 {rule}，指纹 {fingerprint}",
    "; matched {n} times": "；共匹配 {n} 次",
    "Why and what to do: see the headline above.": "原因和处理办法：见上方摘要。",
    "Evidence ({n} lines{more})": "证据（{n} 行{more}）",
    "Evidence ({n} line{more})": "证据（{n} 行{more}）",
    ", matched {n} times": "，共匹配 {n} 次",
    " … ({n} more characters)": " …（还有 {n} 个字符）",
    "evidence of {n} later diagnoses left out": "省略了后面 {n} 条诊断的证据",
    "evidence of {n} later diagnosis left out": "省略了后面 {n} 条诊断的证据",
    "evidence lines cut to 200 characters": "证据行截断为 200 个字符",
    "{n} later diagnoses shown by title only": "后面 {n} 条诊断只显示标题",
    "{n} later diagnosis shown by title only": "后面 {n} 条诊断只显示标题",
    "*Cut to stay under GitHub's 1 MiB job summary limit: {cuts}. The JSON report has everything.*":
        "*为不超过 GitHub 任务摘要 1 MiB 的上限而做了删减：{cuts}。完整内容见 JSON 报告。*",
    "\n\n*Report cut at the 1 MiB job summary limit. The JSON report has everything.*\n":
        "\n\n*报告在任务摘要 1 MiB 上限处被截断。完整内容见 JSON 报告。*\n",
    "# llmdiag: {n} starts, worst outcome {worst}": "# llmdiag：{n} 次启动，最差结果 {worst}",
    "| # | files | outcome | read together because |": "| # | 文件 | 结果 | 合并读取的原因 |",
    "*Start {i} of {n}: {label}*": "*第 {i} 次启动（共 {n} 次）：{label}*",
    # JUnit
    "category {category}, severity {severity}, role {role}, rule {rule}":
        "类别 {category}，严重程度 {severity}，角色 {role}，规则 {rule}",
    "fingerprint {fingerprint}": "指纹 {fingerprint}",
    "Why: {text}": "原因：{text}",
    "Evidence:": "证据：",
    "phase {phase} failed": "阶段 {phase} 失败",
    "phase {phase} did not complete": "阶段 {phase} 未完成",
    "stalled in {phase}: {message}": "卡在 {phase}：{message}",
    "not in this log (its first phase is {phase})": "不在这份日志中（日志的第一个阶段是 {phase}）",
    "not reached: the start stopped earlier": "未到达：启动在此之前已停止",
    "not in the log (skipped by this engine or configuration)": "日志中没有（此引擎或配置跳过了该阶段）",
    "lines {first}-{last}": "第 {first}-{last} 行",
    " of {source}": "（{source}）",
    # GitHub
    "Log line {n}: {text}": "日志第 {n} 行：{text}",
    "({category}, rule {rule}, fingerprint {fingerprint})": "（{category}，规则 {rule}，指纹 {fingerprint}）",
    "Start {outcome} in phase {phase}; no rule explains it": "启动 {outcome}，阶段 {phase}；没有规则能解释",
    "{engine} server came up; {n} finding(s)": "{engine} 服务已启动；{n} 条发现",
    "llmdiag: ready": "llmdiag：就绪",
    # watch / run: live lines and status
    "after the server came up: ": "服务启动后：",
    "  why: {text}": "  原因：{text}",
    "  do: {text}": "  处理：{text}",
    "  at line {n}: {text}": "  第 {n} 行：{text}",
    "phase {phase}": "阶段 {phase}",
    "startup (no phase recognised yet)": "启动初期（尚未识别到任何阶段）",
    "stall: no progress in {where} for {secs}": "卡住：{where} 已 {secs} 没有进展",
    " (budget {secs})": "（阈值 {secs}）",
    "  usually: {text}": "  通常是：{text}",
    "  check: {text}": "  排查：{text}",
    "server is up after {secs}": "服务已启动，用时 {secs}",
    " ({prev} took {secs})": "（{prev} 用时 {secs}）",
    "progress resumed in phase {phase} after {secs} without progress": "阶段 {phase} 在 {secs} 无进展后恢复推进",
    "  start {n}": "  第 {n} 次启动",
    "  FAILED in {phase}": "  失败于 {phase}",
    "  READY after {secs}": "  就绪，用时 {secs}",
    "  (total {secs})": "  （总计 {secs}）",
    "stalled: no progress in {phase} for {secs} (advice printed above)": "卡住：{phase} 已 {secs} 没有进展（建议见上文）",
    "weights: ": "权重：",
    "shards {done}/{total}": "分片 {done}/{total}",
    "KV cache: ": "KV 缓存：",
    "done: ": "已完成：",
    "analysis skipped {n} bytes (input faster than analysis)": "分析跳过了 {n} 字节（输入快于分析）",
    # --history notes
    "{rule}: seen {n} times in {days} days (this run included; first on {first})":
        "{rule}：{days} 天内出现 {n} 次（含本次；首次出现于 {first}）",
    "{phase} took {ratio}x longer than the median of the last {n} starts of {model} ({duration}s vs {median}s)":
        "{phase} 耗时是 {model} 最近 {n} 次启动中位数的 {ratio} 倍（{duration}s 对比 {median}s）",
    # diagnoses the code makes (no rule file): prefixes
    "Non-fatal: ": "非致命：",
    "While shutting down: ": "退出过程中：",
    # rules list / show
    "{n} rules": "共 {n} 条规则",
    "title": "标题",
}

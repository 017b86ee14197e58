"""`python -m vgen`: quote and generate a clip; get, list, cancel and download generations; list the models.
The commands and exit codes are the TypeScript SDK's `vgen` command's (packages/sdk), so scripts can
use either.

Exit codes, one table for both (packages/sdk/src/cli/exit-codes.ts; packages/sdk/test/cli-exit-codes.test.ts
runs both CLIs): 0 completed (and downloaded) / answered, 2 bad usage or an invalid request (400),
3 authentication error (missing, wrong or revoked key), 4 any other API or network error, 5 the
generation failed, 6 it was canceled, 130 interrupted; 1 stays Python's own, an unexpected crash.
argparse already exits 2 on bad arguments.
"""

from __future__ import annotations

import argparse
import dataclasses
import itertools
import json
import os
import sys
from typing import Any, Callable, Dict, List, Optional, TextIO

from ._client import Vgen
from ._errors import AuthenticationError, InvalidRequestError, VgenError
from ._types import Generation

EXIT_COMPLETED = 0
EXIT_USAGE = 2
EXIT_AUTH = 3
EXIT_API = 4
EXIT_FAILED = 5
EXIT_CANCELED = 6
EXIT_INTERRUPTED = 130


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m vgen", description="vgen video generation API client")
    parser.add_argument("--base-url", help="API address (default: $VGEN_BASE_URL or http://localhost:3000)")
    parser.add_argument("--api-key", help="API key (default: $VGEN_API_KEY)")
    commands = parser.add_subparsers(dest="command", required=True)

    gen = commands.add_parser(
        "generate", aliases=["create"], help="create a generation, follow it and download the video"
    )
    _create_arguments(gen)
    gen.add_argument("--quote-id", help="a binding quote from `quote` with the same arguments: charged at most its cost")
    gen.add_argument("--out", help="file to write the MP4 to (default: <id>.mp4)")
    gen.add_argument("--poll", action="store_true", help="poll the result instead of streaming events")
    gen.add_argument("--quiet", action="store_true", help="no progress lines")
    gen.add_argument("--json", action="store_true", help="print the final record as JSON")

    quoting = commands.add_parser("quote", help="a binding quote for `generate` with the same arguments")
    _create_arguments(quoting)
    quoting.add_argument("--json", action="store_true", help="print the quote as JSON")

    get = commands.add_parser("get", aliases=["status"], help="show one generation")
    get.add_argument("id")
    get.add_argument("--json", action="store_true")

    listing = commands.add_parser("list", help="the account's latest generations, newest first")
    listing.add_argument("--limit", type=_positive, default=20, help="how many (default 20)")
    listing.add_argument("--json", action="store_true")

    cancel = commands.add_parser("cancel", help="cancel a generation that has not finished")
    cancel.add_argument("id")
    cancel.add_argument("--json", action="store_true")

    concat = commands.add_parser("concat", help="join the extension chain ending at ID into one MP4 (free)")
    concat.add_argument("id")
    concat.add_argument("--json", action="store_true")

    download = commands.add_parser("download", help="save a generation's video (following it to its end first)")
    download.add_argument("id")
    download.add_argument("--out", help="file to write the MP4 to (default: <id>.mp4)")
    download.add_argument("--poll", action="store_true", help="poll the result instead of streaming events")
    download.add_argument("--quiet", action="store_true", help="no progress lines")
    download.add_argument("--json", action="store_true", help="print the final record as JSON")

    models = commands.add_parser("models", help="list the catalog")
    models.add_argument("--json", action="store_true")
    return parser


def _create_arguments(command: argparse.ArgumentParser) -> None:
    """The create body's arguments, the same for `generate` and `quote` (a quote prices exactly that body)."""
    command.add_argument("prompt")
    command.add_argument("--model", required=True)
    command.add_argument("--duration", type=int, help="seconds (the model's bounds; see `models`)")
    command.add_argument("--size", choices=["720p", "1080p", "4k"])
    command.add_argument("--aspect-ratio", choices=["16:9", "9:16"])
    command.add_argument("--first-frame-url")
    command.add_argument("--last-frame-url")
    command.add_argument("--url", action="append", dest="urls", help="a reference image URL (up to 3)")
    command.add_argument("--seed", type=int, help="0-4294967295: the same seed renders the same clip locally")
    command.add_argument("--negative-prompt", help="what the clip should not show")
    command.add_argument("--n", type=int, choices=[1, 2, 3, 4], help="how many clips (at most the model's max_outputs)")
    command.add_argument("--extend-from", help="continue this completed generation (its size, shape and seed)")
    command.add_argument(
        "--audio",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="add a sound track (--no-audio: none; neither: the model's default)",
    )


def _create_body(args: argparse.Namespace) -> Dict[str, Any]:
    return dict(
        model=args.model,
        prompt=args.prompt,
        duration=args.duration,
        size=args.size,
        aspect_ratio=args.aspect_ratio,
        first_frame_url=args.first_frame_url,
        last_frame_url=args.last_frame_url,
        urls=args.urls,
        seed=args.seed,
        negative_prompt=args.negative_prompt,
        generate_audio=args.audio,
        n=args.n,
        extend_from=args.extend_from,
    )


def _ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 11th, 22nd..."""
    suffix = "th" if 11 <= n % 100 <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _positive(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError("a positive whole number")
    return int(text)


def _progress_printer(stream: TextIO) -> Callable[[Generation], None]:
    last: List[Optional[str]] = [None]

    def show(record: Generation) -> None:
        line = f"{record.id} {record.status} {record.progress}% eta {record.eta_seconds}s"
        if record.queue_position:
            line += f" {_ordinal(record.queue_position)} in queue"
        if line != last[0]:
            print(line, file=stream, flush=True)
            last[0] = line

    return show


def _describe(record: Generation) -> str:
    lines = [
        f"id         {record.id}",
        f"status     {record.status}",
        f"model      {record.model}",
        f"progress   {record.progress}%",
        f"eta        {record.eta_seconds}s",
        f"duration   {record.duration}s  {record.size}  {record.aspect_ratio}",
        f"cost       {record.cost} ({record.price})",
        f"created    {record.created_at}",
    ]
    if record.completed_at:
        lines.append(f"finished   {record.completed_at}")
    lines += [f"output     {o.url}" for o in record.output]
    if record.error:
        lines.append(f"error      {record.error.code}: {record.error.message}")
    return "\n".join(lines)


def _print_record(record: Generation, as_json: bool) -> None:
    print(json.dumps(record.raw, ensure_ascii=False) if as_json else _describe(record))


def _follow_and_save(client: Vgen, args: argparse.Namespace, wait: Callable[..., Generation]) -> int:
    """Waits with progress lines (`wait` is create_and_wait or wait), then saves a completed clip;
    a failed or canceled generation exits 5 or 6."""
    seen: List[Generation] = []
    show = None if args.quiet else _progress_printer(sys.stderr)

    def on_progress(record: Generation) -> None:
        seen[:] = [record]
        if show:
            show(record)

    try:
        record = wait(on_progress=on_progress, mode="poll" if args.poll else "stream")
    except KeyboardInterrupt:
        if not seen:
            raise
        print(f"interrupted; {seen[0].id} goes on: python -m vgen get {seen[0].id}", file=sys.stderr)
        return EXIT_INTERRUPTED
    if record.status != "completed":
        reason = f": {record.error.code}: {record.error.message}" if record.error else ""
        print(f"{record.id} {record.status}{reason}", file=sys.stderr)
        if args.json:
            print(json.dumps(record.raw, ensure_ascii=False))
        return EXIT_FAILED if record.status == "failed" else EXIT_CANCELED
    # The first clip at --out; with `n` clips, clip i beside it as <name>-<i>.mp4 (as the TS CLI does).
    first = args.out or f"{record.id}.mp4"
    stem, ext = os.path.splitext(first)
    paths = []
    for i, output in enumerate(record.output):
        saved = client.download(output.url, first if i == 0 else f"{stem}-{i}{ext or '.mp4'}")
        print(f"saved {saved.path} ({saved.bytes} bytes)", file=sys.stderr)
        paths.append(saved.path)
    print(json.dumps(record.raw, ensure_ascii=False) if args.json else "\n".join(paths))
    return EXIT_COMPLETED


def _generate(client: Vgen, args: argparse.Namespace) -> int:
    def wait(**options: Any) -> Generation:
        return client.generations.create_and_wait(**_create_body(args), quote_id=args.quote_id, **options)

    return _follow_and_save(client, args, wait)


def _quote(client: Vgen, args: argparse.Namespace) -> int:
    quote = client.generations.quote(**_create_body(args))
    if args.json:
        print(json.dumps(dataclasses.asdict(quote), ensure_ascii=False))
        return EXIT_COMPLETED
    print(f"quote_id   {quote.quote_id}")
    print(f"cost       {quote.cost} ({quote.billed_seconds}s x {quote.price})")
    print(f"eta        {quote.eta_seconds}s")
    print(f"expires    {quote.expires_at}")
    print(f"create with it (same arguments): python -m vgen generate ... --quote-id {quote.quote_id}", file=sys.stderr)
    return EXIT_COMPLETED


def _download(client: Vgen, args: argparse.Namespace) -> int:
    record = client.generations.get(args.id)
    if record.is_terminal:
        return _follow_and_save(client, args, lambda **_: record)
    return _follow_and_save(client, args, lambda **options: client.generations.wait(args.id, **options))


def _get(client: Vgen, args: argparse.Namespace) -> int:
    _print_record(client.generations.get(args.id), args.json)
    return EXIT_COMPLETED


def _cancel(client: Vgen, args: argparse.Namespace) -> int:
    _print_record(client.generations.cancel(args.id), args.json)
    return EXIT_COMPLETED


def _concat(client: Vgen, args: argparse.Namespace) -> int:
    _print_record(client.generations.concat(args.id), args.json)
    return EXIT_COMPLETED


def _list(client: Vgen, args: argparse.Namespace) -> int:
    records = list(itertools.islice(client.generations.list(limit=min(args.limit, 100)), args.limit))
    if args.json:
        print(json.dumps([r.raw for r in records], ensure_ascii=False))
        return EXIT_COMPLETED
    rows = [[r.id, r.status, f"{r.progress}%", r.model, f"{r.duration}s", r.size or "", r.created_at] for r in records]
    _print_table(rows)
    return EXIT_COMPLETED


def _models(client: Vgen, args: argparse.Namespace) -> int:
    models = client.models.list()
    if args.json:
        print(json.dumps([m.raw for m in models], ensure_ascii=False))
        return EXIT_COMPLETED
    rows = [
        [m.id, m.price_per_second, f"min {m.min_charge_seconds}s", f"{m.duration.min}-{m.duration.max}s"]
        + [",".join(m.sizes), m.queue]
        for m in models
    ]
    _print_table(rows)
    return EXIT_COMPLETED


def _print_table(rows: List[List[str]]) -> None:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))] if rows else []
    for row in rows:
        print("  ".join(cell.ljust(widths[i]) for i, cell in enumerate(row)).rstrip())


COMMANDS: Dict[str, Callable[[Vgen, argparse.Namespace], int]] = {
    "generate": _generate,
    "create": _generate,
    "quote": _quote,
    "get": _get,
    "status": _get,
    "list": _list,
    "cancel": _cancel,
    "concat": _concat,
    "download": _download,
    "models": _models,
}


def main(argv: Optional[List[str]] = None) -> int:
    args = _parser().parse_args(argv)
    try:
        client = Vgen(args.api_key, base_url=args.base_url)
        return COMMANDS[args.command](client, args)
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except VgenError as exc:
        hint = f" (see {exc.doc_url})" if exc.doc_url else ""
        print(f"error: {exc}{hint}", file=sys.stderr)
        if isinstance(exc, InvalidRequestError):
            return EXIT_USAGE
        if isinstance(exc, AuthenticationError):
            return EXIT_AUTH
        return EXIT_API

"""The API's resources as dataclasses (docs/api.md#the-generation-record). Every one keeps the JSON it
was read from in `raw`, so fields the server adds later are not lost."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Dict, List, Mapping, Optional

TERMINAL_STATUSES = frozenset({"completed", "failed", "canceled"})


@dataclass(frozen=True)
class Output:
    url: str
    resolution: str
    duration: int
    # A JPEG frame of the video (its own size); None when the server made none.
    poster_url: Optional[str] = None
    # When the files are deleted (ISO 8601 UTC); after it `expired` is True and both URLs answer 410.
    expires_at: Optional[str] = None
    expired: bool = False
    # The MP4 has a sound track (False too when a provider's clip came back silent).
    has_audio: bool = False

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "Output":
        poster = data.get("poster_url")
        expires = data.get("expires_at")
        return cls(
            url=str(data["url"]),
            resolution=str(data.get("resolution", "")),
            duration=int(data.get("duration", 0)),
            poster_url=str(poster) if poster is not None else None,
            expires_at=str(expires) if expires is not None else None,
            expired=bool(data.get("expired", False)),
            has_audio=bool(data.get("has_audio", False)),
        )


@dataclass(frozen=True)
class GenerationFailure:
    """Why a generation failed: a failure code of the catalog (render_failed, upstream_error, ...)."""

    code: str
    message: str


@dataclass(frozen=True)
class Quote:
    """A binding quote (POST /api/v1/videos/quote): pass `quote_id` to `create` within 10 minutes
    and the generation is charged at most `cost`, even if the price rises meanwhile."""

    quote_id: str
    model: str
    price: str
    billed_seconds: int
    cost: str
    eta_seconds: int
    expires_at: str
    livemode: bool = True

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "Quote":
        return cls(
            quote_id=str(data["quote_id"]),
            model=str(data.get("model", "")),
            price=str(data.get("price", "")),
            billed_seconds=int(data.get("billed_seconds") or 0),
            cost=str(data.get("cost", "")),
            eta_seconds=int(data.get("eta_seconds") or 0),
            expires_at=str(data.get("expires_at", "")),
            livemode=data.get("livemode") is not False,
        )


@dataclass(frozen=True)
class Generation:
    id: str
    model: str
    status: str
    price: str
    eta_seconds: int
    output: List[Output]
    created_at: str
    prompt: Optional[str] = None
    duration: Optional[int] = None
    size: Optional[str] = None
    aspect_ratio: Optional[str] = None
    progress: int = 0
    billed_seconds: Optional[int] = None
    cost: Optional[str] = None
    completed_at: Optional[str] = None
    # While waiting to start: its place among its model's waiting generations (1: next); else None.
    queue_position: Optional[int] = None
    # The binding quote the create carried (`quote_id`), else None.
    quote_id: Optional[str] = None
    # False for a test-mode generation (made with a vgk_test_ key): free, rendered locally.
    livemode: bool = True
    # The seed used (the request's or a random one), the negative prompt, and whether sound was asked for.
    seed: Optional[int] = None
    negative_prompt: Optional[str] = None
    generate_audio: bool = False
    # The clip this one continues (`extend_from`), the clips continuing it, and for a join its clips.
    extended_from: Optional[str] = None
    extensions: List[str] = field(default_factory=list)
    concat_of: List[str] = field(default_factory=list)
    # Clips asked for (`n`); `output` has one entry per delivered clip.
    n: int = 1
    error: Optional[GenerationFailure] = None
    raw: Dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    @property
    def is_terminal(self) -> bool:
        """True once the status is completed, failed or canceled; nothing leaves those."""
        return self.status in TERMINAL_STATUSES

    @property
    def video_url(self) -> Optional[str]:
        return self.output[0].url if self.output else None

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "Generation":
        error = data.get("error")
        failure = None
        if isinstance(error, dict):
            failure = GenerationFailure(str(error.get("code")), str(error.get("message")))
        return cls(
            id=str(data["id"]),
            model=str(data.get("model", "")),
            status=str(data["status"]),
            price=str(data.get("price", "")),
            eta_seconds=int(data.get("eta_seconds") or 0),
            output=[Output.from_dict(o) for o in data.get("output") or []],
            created_at=str(data.get("created_at", "")),
            prompt=data.get("prompt"),
            duration=data.get("duration"),
            size=data.get("size"),
            aspect_ratio=data.get("aspect_ratio"),
            progress=int(data.get("progress") or 0),
            billed_seconds=data.get("billed_seconds"),
            cost=data.get("cost"),
            completed_at=data.get("completed_at"),
            queue_position=data.get("queue_position"),
            quote_id=data.get("quote_id"),
            livemode=data.get("livemode") is not False,
            seed=data.get("seed"),
            negative_prompt=data.get("negative_prompt"),
            generate_audio=data.get("generate_audio") is True,
            extended_from=data.get("extended_from"),
            extensions=list(data.get("extensions") or []),
            concat_of=list(data.get("concat_of") or []),
            n=data.get("n") if isinstance(data.get("n"), int) else 1,
            error=failure,
            raw=dict(data),
        )


@dataclass(frozen=True)
class DurationRange:
    min: int
    max: int
    default: int


@dataclass(frozen=True)
class Model:
    id: str
    purpose: str
    price: str
    price_per_second: str
    rate_limit_qps: int
    min_charge_seconds: int
    queue: str
    sizes: List[str]
    default_size: str
    aspect_ratios: List[str]
    duration: DurationRange
    raw: Dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "Model":
        d = data.get("duration") or {}
        return cls(
            id=str(data["id"]),
            purpose=str(data.get("purpose", "")),
            price=str(data.get("price", "")),
            price_per_second=str(data.get("price_per_second", "")),
            rate_limit_qps=int(data.get("rate_limit_qps") or 0),
            min_charge_seconds=int(data.get("min_charge_seconds") or 0),
            queue=str(data.get("queue", "")),
            sizes=[str(s) for s in data.get("sizes") or []],
            default_size=str(data.get("default_size", "")),
            aspect_ratios=[str(a) for a in data.get("aspect_ratios") or []],
            duration=DurationRange(int(d.get("min", 0)), int(d.get("max", 0)), int(d.get("default", 0))),
            raw=dict(data),
        )


@dataclass(frozen=True)
class Page:
    """One page of a list: newest first; pass `next_cursor` to get the next one."""

    data: List[Generation]
    has_more: bool
    next_cursor: Optional[str]


@dataclass(frozen=True)
class StreamEvent:
    """One server-sent event. The API names its events `generation` and puts the record in `data`."""

    event: str
    data: str
    id: Optional[str] = None
    retry: Optional[int] = None

    def json(self) -> Any:
        return json.loads(self.data)

    @property
    def generation(self) -> Generation:
        """The record this event carries."""
        return Generation.from_dict(self.json())

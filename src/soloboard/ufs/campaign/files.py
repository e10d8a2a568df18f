"""A campaign as a JSON file: ``{"format": "soloboard-campaign", "version": 1, "name", "box",
"records": [...]}``. Importing checks the whole journal against the rules and the seed's draws;
a file that fails is refused with one clear message and nothing is changed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from soloboard.core.saves import MAX_FILE_DEPTH, NestingError, loads_bounded
from soloboard.i18n import _
from soloboard.ufs.campaign.procedure import FORMAT, VERSION, Campaign, CampaignError


def to_dict(campaign: Campaign) -> dict[str, Any]:
    from soloboard import __version__

    return {"format": FORMAT, "version": VERSION, "software": __version__, "name": campaign.name,
            "box": campaign.box.id, "records": campaign.records}


def dumps(campaign: Campaign) -> str:
    return json.dumps(to_dict(campaign), ensure_ascii=False, indent=1)


def loads(text: str | bytes) -> Campaign:
    """A campaign from an exported file's text; :class:`CampaignError` says what is wrong."""
    try:
        data = loads_bounded(text, MAX_FILE_DEPTH)
    except NestingError:
        raise CampaignError(_("not a soloboard campaign file: its JSON is nested deeper than {limit} levels").format(
            limit=MAX_FILE_DEPTH)) from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise CampaignError(_("not a soloboard campaign file: not valid JSON ({error})").format(error=exc)) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise CampaignError(_("not a soloboard campaign file (its \"format\" is not {format!r})").format(format=FORMAT))
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise CampaignError(_("the campaign file has no version number"))
    if version > VERSION:
        raise CampaignError(_("the campaign file was written by a newer soloboard (format version {version}; this "
                              "version reads {readable})").format(version=version, readable=VERSION))
    if version < 1:
        raise CampaignError(_("unknown campaign file version {version}").format(version=version))
    records = data.get("records")
    if not isinstance(records, list):
        raise CampaignError(_("the campaign file has no list of records"))
    campaign = Campaign.from_records(records)
    if data.get("name") is not None and data["name"] != campaign.name:
        raise CampaignError(_("the file names the campaign {file!r} but its journal {journal!r}").format(
            file=data["name"], journal=campaign.name))
    return campaign


def export(campaign: Campaign, path: str | Path) -> Path:
    target = Path(path).expanduser()
    tmp = target.with_name(target.name + ".tmp")
    tmp.write_text(dumps(campaign) + "\n", encoding="utf-8")
    tmp.replace(target)  # never a half-written file where an export was
    return target


def read(path: str | Path) -> Campaign:
    try:
        text = Path(path).expanduser().read_bytes()
    except OSError as exc:
        raise CampaignError(_("cannot read {path}: {error}").format(path=path, error=exc.strerror or exc)) from None
    return loads(text)

"""The boxed rulebook's campaign: procedure and journal (:mod:`.procedure`), what to set up at
the table and digital battles (:mod:`.companion`), the paper sheet and files (:mod:`.sheet`,
:mod:`.files`), storage (:mod:`.repository`), custom battles' stars (:mod:`.custom`) and the
plugin mechanism (:mod:`.plugins`). See docs/campaign.md."""

from soloboard.ufs.campaign.procedure import Campaign, CampaignError

__all__ = ["Campaign", "CampaignError"]

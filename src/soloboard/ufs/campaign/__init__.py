"""The boxed rulebook's campaign: procedure and journal (:mod:`.procedure`), its battles played at
the table (companion mode) or with the engine (:mod:`.battles`), its components known by name
(:mod:`.box`), what a front end shows of it, the paper sheet and what to set up at the table
(:mod:`.sheet`), files (:mod:`.files`), storage (:mod:`.repository`), one call per campaign step
(:mod:`.service`), custom battles' stars (:mod:`.custom`) and the plugin mechanism
(:mod:`.plugins`). See docs/campaign.md."""

from soloboard.ufs.campaign.procedure import Campaign, CampaignError

__all__ = ["Campaign", "CampaignError"]

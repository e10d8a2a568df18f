"""The browser front end (issue 12)."""

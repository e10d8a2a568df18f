"""Under Falling Skies, boxed edition."""

"""Pure normalization functions for text, numbers, dates and names (no spaCy)."""

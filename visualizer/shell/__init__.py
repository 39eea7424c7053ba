"""Around the window: saved settings and preferences, the headless mode, stop signals, safe file
reading and writing, and regenerating the README's screenshots."""

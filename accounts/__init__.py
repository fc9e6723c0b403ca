"""Players: sign-up, log-in, password management and the player profile."""

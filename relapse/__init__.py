"""relapse: the self-correcting retry loop fed by raguard findings."""

// live: progressive enhancement; every page works without it.

// fushi: a little progressive enhancement. Every page works without it.

"""The web pages of Gauntlet: server-rendered templates, a little JavaScript, live spectating."""

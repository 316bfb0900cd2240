// Loaded first, in <head>: styles for a page with JavaScript (the phone menu folds) apply
// before the first paint. An external file, as the Content-Security-Policy allows no inline script.
document.documentElement.classList.add("js");

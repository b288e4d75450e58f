import "./fonts.css";
import "./styles.css";
import { addFontsAfterFirstPaint } from "./browser/fonts-after-paint.js";
import { bootIslands } from "./islands/boot.js";
import { startTheme } from "./theme/theme.js";

// The server has set the saved theme on <html> already when the browser sent its cookie; a choice
// kept only in localStorage applies here, before the app renders.
startTheme();
addFontsAfterFirstPaint();

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

// Prerendered public pages hydrate only their islands (docs/architecture.md §1.3); every other
// page is the whole app, rendered in the browser.
if (root.dataset.islands !== undefined) bootIslands(root);
else void import("./spa/start.js").then((app) => app.startApp(root));

import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { MemoryRouter } from "react-router-dom";
import { EN_MESSAGES } from "./i18n/catalogues.js";
import { I18nProvider } from "./i18n/i18n-provider.js";

/** Renders UI inside the English catalogue and a memory router at `path`. */
export function renderAt(path: string, ui: ReactElement) {
  return render(
    <I18nProvider language="en" messages={EN_MESSAGES}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </I18nProvider>,
  );
}

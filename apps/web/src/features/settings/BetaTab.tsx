import './texts';
import { ToggleRow } from './ToggleRow';

/** Beta features: modular chat and LaTeX parsing. */
export function BetaTab() {
  return (
    <div>
      <ToggleRow pref="modularChat" labelKey="com_nav_modular_chat" hintKey="com_nav_modular_chat_hint" />
      <ToggleRow pref="LaTeXParsing" labelKey="com_nav_latex_parsing" hintKey="com_nav_latex_parsing_hint" />
    </div>
  );
}

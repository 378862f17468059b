import { createContext, type ReactNode } from 'react';

/** A piece of a text: Markdown to render, or something another feature draws itself. */
export type MarkdownPiece = { text: string } | { key: string; node: ReactNode };

/**
 * Cuts a text into Markdown and the pieces another feature draws itself (an artifact's card in
 * place of its directive). `owner` names what the text belongs to (a message's id), so a piece
 * can say where it came from. Provided by that feature around the screens it serves; without it
 * every text is Markdown through and through.
 */
export type MarkdownDirectives = (text: string, owner: string | undefined) => readonly MarkdownPiece[];

export const MarkdownDirectivesContext = createContext<MarkdownDirectives | null>(null);

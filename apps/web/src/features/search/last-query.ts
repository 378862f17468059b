// The query of the search view last shown, so /c/search (the id search is the search
// view) can return to it.
let last = '';

export function rememberSearchQuery(query: string): void {
  last = query;
}

export function lastSearchQuery(): string {
  return last;
}

/**
 * The sidebar as other features reach it: the list filter a `sidebar.filters` fill sets (the
 * sidebar itself is rendered by the shell's layout).
 */
export { getListFilterTags, setListFilterTags, useListFilterTags } from './list-filter';

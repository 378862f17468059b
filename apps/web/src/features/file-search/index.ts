/** File search on the web: the citations under a reply (uploads are the attachments feature's). */
export { fileSearchSlots } from './slots';

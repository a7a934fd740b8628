/**
 * The element id of an empty slot on the right of the top bar. Layers outside the page tree
 * (e.g. the calls layer's notification toggle) can portal small controls into it instead of
 * floating over page content such as the chat composer.
 */
export const HEADER_ACTIONS_ID = "app-header-actions";

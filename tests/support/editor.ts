/** The admin editor's values shared by every content type when the form is empty: a draft without tags, not featured. */
export const EMPTY_SHARED_VALUES = { title: "", description: "", content: "", status: "draft", tags: [], featured: false };

// Placeholder: replaced when the page is built.
export default function Stub() { return <p>Coming soon: admin.special-features.$id</p>; }

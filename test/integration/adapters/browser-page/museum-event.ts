/** The event the browser page creates on the museum document (and the test on the server); a non-ASCII location. */
export const MUSEUM_EVENT = { name: 'Mermaid Treasure', location: 'Under the seaaa 🦀 🎶 🌊.', eventDescription: 'Thingamabobs.', dates: ['2023-09-05'], price: 0 };

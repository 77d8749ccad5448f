//! The feature encoding lives in `musashi-encoding` (no Burn), so that the export runtime uses
//! the very same code; re-exported here so that `musashi_net::encoding::*` keeps working.

pub use musashi_encoding::{ENCODING_VERSION, GENERAL_TO_MOVE, NUM_FEATURES, PLIES_SCALE, encode, encode_batch};

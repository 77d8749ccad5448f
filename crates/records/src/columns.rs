//! Typed access to Arrow columns, with errors instead of panics on unexpected files.

use arrow_array::cast::AsArray;
use arrow_array::types::{Float32Type, UInt8Type, UInt16Type, UInt32Type, UInt64Type};
use arrow_array::{Array, ArrayRef, RecordBatch};
use arrow_schema::{DataType, Field};
use std::sync::Arc;

pub(crate) fn field(name: &str, dt: DataType, nullable: bool) -> Field {
    Field::new(name, dt, nullable)
}

pub(crate) fn list_of(dt: DataType) -> DataType {
    DataType::List(Arc::new(Field::new("item", dt, false)))
}

/// A batch's columns by name.
pub(crate) struct Columns<'a> {
    batch: &'a RecordBatch,
}

impl<'a> Columns<'a> {
    pub(crate) fn new(batch: &'a RecordBatch) -> Columns<'a> {
        Columns { batch }
    }

    fn get(&self, name: &str, want: &DataType) -> Result<&'a ArrayRef, String> {
        let col = self.batch.column_by_name(name).ok_or_else(|| format!("missing column '{name}'"))?;
        if col.data_type() != want {
            return Err(format!("column '{name}' has type {}, expected {want}", col.data_type()));
        }
        Ok(col)
    }

    fn no_nulls(name: &str, a: &dyn Array) -> Result<(), String> {
        if a.null_count() > 0 { Err(format!("column '{name}' has nulls")) } else { Ok(()) }
    }

    pub(crate) fn strings(&self, name: &str) -> Result<Vec<String>, String> {
        let a = self.get(name, &DataType::Utf8)?.as_string::<i32>();
        Self::no_nulls(name, a)?;
        Ok(a.iter().map(|s| s.unwrap_or_default().to_string()).collect())
    }

    pub(crate) fn u8s(&self, name: &str) -> Result<Vec<u8>, String> {
        let a = self.get(name, &DataType::UInt8)?.as_primitive::<UInt8Type>();
        Self::no_nulls(name, a)?;
        Ok(a.values().to_vec())
    }

    pub(crate) fn u16s(&self, name: &str) -> Result<Vec<u16>, String> {
        let a = self.get(name, &DataType::UInt16)?.as_primitive::<UInt16Type>();
        Self::no_nulls(name, a)?;
        Ok(a.values().to_vec())
    }

    pub(crate) fn u32s(&self, name: &str) -> Result<Vec<u32>, String> {
        let a = self.get(name, &DataType::UInt32)?.as_primitive::<UInt32Type>();
        Self::no_nulls(name, a)?;
        Ok(a.values().to_vec())
    }

    pub(crate) fn opt_u32s(&self, name: &str) -> Result<Vec<Option<u32>>, String> {
        let a = self.get(name, &DataType::UInt32)?.as_primitive::<UInt32Type>();
        Ok(a.iter().collect())
    }

    pub(crate) fn u64s(&self, name: &str) -> Result<Vec<u64>, String> {
        let a = self.get(name, &DataType::UInt64)?.as_primitive::<UInt64Type>();
        Self::no_nulls(name, a)?;
        Ok(a.values().to_vec())
    }

    pub(crate) fn f32s(&self, name: &str) -> Result<Vec<f32>, String> {
        let a = self.get(name, &DataType::Float32)?.as_primitive::<Float32Type>();
        Self::no_nulls(name, a)?;
        Ok(a.values().to_vec())
    }

    pub(crate) fn bools(&self, name: &str) -> Result<Vec<bool>, String> {
        let a = self.get(name, &DataType::Boolean)?.as_boolean();
        Self::no_nulls(name, a)?;
        Ok(a.iter().map(|b| b.unwrap_or(false)).collect())
    }

    fn lists(&self, name: &str, item: DataType) -> Result<Vec<ArrayRef>, String> {
        let a = self.get(name, &list_of(item))?.as_list::<i32>();
        Self::no_nulls(name, a)?;
        Ok(a.iter().map(|x| x.expect("no nulls")).collect())
    }

    pub(crate) fn u16_lists(&self, name: &str) -> Result<Vec<Vec<u16>>, String> {
        Ok(self
            .lists(name, DataType::UInt16)?
            .iter()
            .map(|a| a.as_primitive::<UInt16Type>().values().to_vec())
            .collect())
    }

    pub(crate) fn f32_lists(&self, name: &str) -> Result<Vec<Vec<f32>>, String> {
        Ok(self
            .lists(name, DataType::Float32)?
            .iter()
            .map(|a| a.as_primitive::<Float32Type>().values().to_vec())
            .collect())
    }

    pub(crate) fn string_lists(&self, name: &str) -> Result<Vec<Vec<String>>, String> {
        Ok(self
            .lists(name, DataType::Utf8)?
            .iter()
            .map(|a| a.as_string::<i32>().iter().map(|s| s.unwrap_or_default().to_string()).collect())
            .collect())
    }
}

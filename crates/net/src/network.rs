//! Batched inference: one model shared by many threads.

use crate::NetError;
use crate::encoding::{NUM_FEATURES, PLIES_SCALE};
use crate::model::{ModelConfig, PolicyValueNet};
use burn::prelude::*;
use burn::tensor::TensorData;
use musashi_game::NUM_ACTIONS;

/// Which device runs the network.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DeviceKind {
    /// Burn's pure-Rust CPU backend (flex).
    #[default]
    Cpu,
    /// A GPU through wgpu/Vulkan (needs the `gpu` cargo feature).
    Gpu,
}

impl std::str::FromStr for DeviceKind {
    type Err = NetError;
    fn from_str(s: &str) -> Result<DeviceKind, NetError> {
        match s {
            "cpu" => Ok(DeviceKind::Cpu),
            "gpu" => Ok(DeviceKind::Gpu),
            _ => Err(NetError::UnknownDevice(s.to_string())),
        }
    }
}

impl DeviceKind {
    /// The Burn device, or an error if this build lacks the backend.
    pub fn device(self) -> Result<Device, NetError> {
        match self {
            DeviceKind::Cpu => Ok(Device::flex()),
            #[cfg(feature = "gpu")]
            DeviceKind::Gpu => Ok(Device::wgpu(Default::default())),
            #[cfg(not(feature = "gpu"))]
            DeviceKind::Gpu => Err(NetError::NoGpu),
        }
    }
}

/// A network ready for inference.
#[derive(Debug, Clone)]
pub struct Network {
    model: PolicyValueNet,
    config: ModelConfig,
    device: Device,
}

/// The outputs for a batch: `logits[i * NUM_ACTIONS + a]`, `values[i]` and `plies[i]`.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Prediction {
    /// Policy logits over the action space, row-major.
    pub logits: Vec<f32>,
    /// Values in [-1, 1] for the side to move.
    pub values: Vec<f32>,
    /// Predicted plies to the end of the game; empty when the model has no moves-left head.
    pub plies: Vec<f32>,
}

impl Network {
    /// A freshly initialised network; `seed` makes the weights reproducible.
    ///
    /// Burn's initialisers draw from one generator per backend, shared by every thread of the
    /// process, so seeding and drawing happen under one lock: two networks initialised at once
    /// on different threads (tests do this) would otherwise interleave their draws.
    pub fn init(config: ModelConfig, device: &Device, seed: u64) -> Network {
        static INIT: std::sync::Mutex<()> = std::sync::Mutex::new(());
        let _guard = INIT.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        device.seed(seed);
        let model = config.init(device).valid();
        Network { model, config, device: device.clone() }
    }

    /// Wraps a model (made an inference copy).
    pub fn from_model(model: &PolicyValueNet, config: ModelConfig, device: &Device) -> Network {
        Network { model: model.valid(), config, device: device.clone() }
    }

    /// The model's shape.
    pub fn config(&self) -> ModelConfig {
        self.config
    }

    /// The model (inference copy).
    pub fn model(&self) -> &PolicyValueNet {
        &self.model
    }

    /// Refuses weights that are NaN or infinite (what a diverged training run leaves).
    pub fn check_finite(&self) -> Result<(), NetError> {
        match crate::subnormal::non_finite_params(&self.model) {
            0 => Ok(()),
            count => Err(NetError::NonFinite { count }),
        }
    }

    /// The device.
    pub fn device(&self) -> &Device {
        &self.device
    }

    /// Which kind of device runs the network.
    pub fn device_kind(&self) -> DeviceKind {
        if self.device == Device::flex() { DeviceKind::Cpu } else { DeviceKind::Gpu }
    }

    /// Runs a batch of encoded positions (`features.len()` = batch × `NUM_FEATURES`).
    pub fn predict(&self, features: &[f32], out: &mut Prediction) {
        assert_eq!(features.len() % NUM_FEATURES, 0, "features are not whole rows");
        let batch = features.len() / NUM_FEATURES;
        out.logits.clear();
        out.values.clear();
        out.plies.clear();
        if batch == 0 {
            return;
        }
        let input = Tensor::<2>::from_data(TensorData::new(features.to_vec(), [batch, NUM_FEATURES]), &self.device);
        let heads = self.model.forward(input);
        out.logits.extend(heads.logits.into_data().try_into_vec::<f32>().expect("f32 logits"));
        out.values.extend(heads.value.into_data().try_into_vec::<f32>().expect("f32 values"));
        if let Some(m) = heads.moves_left {
            out.plies.extend(m.into_data().try_into_vec::<f32>().expect("f32 plies").iter().map(|x| x * PLIES_SCALE));
        }
        debug_assert_eq!(out.logits.len(), batch * NUM_ACTIONS);
    }
}

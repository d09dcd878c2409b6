import CLua
import CLuaSupport

/// Swift objects in Lua: a full userdata holds one retained reference; its metatable (made by
/// `registerClass`, whose `__name` makes type errors read `got timing`) releases it in `__gc`.
/// The metatable is protected (`__metatable`) and its methods table unreachable from Lua.
extension LuaHost {
    package func registerClass(
        _ typeName: String, methods: [(String, LuaFunction)] = [],
        metamethods: [(String, LuaFunction)] = []
    ) {
        ib_newmetatable(L, typeName)
        if !methods.isEmpty {
            pushLibrary(typeName, methods)
            stack.setRawField(-2, "__index")
        }
        for (name, body) in metamethods {
            pushFunction("\(typeName).\(name)", body)
            stack.setRawField(-2, name)
        }
        pushFunction("\(typeName).__gc") { s in
            if let block = lua_touserdata(s.L, 1) {
                let slot = block.assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
                if let object = slot.pointee {
                    Unmanaged<AnyObject>.fromOpaque(object).release()
                    slot.pointee = nil
                }
            }
            return 0
        }
        stack.setRawField(-2, "__gc")
        // Protected: `getmetatable(obj)` gives false, so no script can replace a method, add
        // an __index for every later object, or put its own function in __gc (finalizers
        // run with hooks off, where no limit can stop them).
        stack.push(false)
        stack.setRawField(-2, "__metatable")
        stack.pop()
    }

    /// Pushes a userdata holding `object` with the class's metatable.
    package func pushObject(_ object: AnyObject, _ typeName: String) {
        let block = lua_newuserdatauv(L, MemoryLayout<UnsafeMutableRawPointer?>.size, 0)!
        let slot = block.assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
        slot.pointee = Unmanaged.passRetained(object).toOpaque()
        stack.push(typeName)
        lua_rawget(L, clua_registryindex())
        lua_setmetatable(L, -2)
    }

    /// The object in the userdata at `index` when it is of class `typeName`.
    package func object<T: AnyObject>(at index: Int32, _ typeName: String, as _: T.Type = T.self) -> T? {
        // withCString: a String passed as a C string argument is copied to the heap when it is
        // a small one (these names are), an allocation per call; withCString uses the stack.
        guard let block = typeName.withCString({ ib_testudata(L, index, $0) }) else { return nil }
        guard let object = block.assumingMemoryBound(to: UnsafeMutableRawPointer?.self).pointee else {
            return nil
        }
        return Unmanaged<AnyObject>.fromOpaque(object).takeUnretainedValue() as? T
    }

    /// Like `object(at:)`, raising Lua's type error (`T expected, got U`) when it is not one.
    package func checkObject<T: AnyObject>(_ index: Int32, _ typeName: String, as _: T.Type = T.self) throws
        -> T
    {
        guard let o: T = object(at: index, typeName) else {
            throw LuaRaise.type(index, expected: typeName)
        }
        return o
    }
}
